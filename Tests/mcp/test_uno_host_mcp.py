"""uno-host's MCP server driven by the official Python MCP SDK, as any MCP client would drive it.

Run by Tools/mcp-test.sh (part of Tools/test.sh), which installs the pinned SDK into a virtual
environment and points UNO_HOST_BINARY at the built uno-host. Waits have generous deadlines that
only detect a hang; no test depends on how fast anything is.
"""

import json
import os
import subprocess
import sys
import tempfile
import threading
import unittest
import warnings
from pathlib import Path

import anyio
from mcp import Client, StdioServerParameters
from mcp.shared.exceptions import MCPError

ROOT = Path(__file__).resolve().parents[2]
BINARY = os.environ.get("UNO_HOST_BINARY", str(ROOT / ".build" / "debug" / "uno-host"))
CORPUS = ROOT / "Tests" / "Fixtures" / "JSONTestSuite" / "test_parsing"
HANG = 120  # seconds: only a hang takes this long

# resources/subscribe is deprecated from revision 2026-07-28 on; this server speaks 2025-11-25.
warnings.filterwarnings("ignore", message=".*resources/subscribe.*")


def server(*arguments):
    return StdioServerParameters(command=BINARY, args=["mcp", *arguments])


class Updates:
    """The resources/updated notifications a client receives."""

    def __init__(self):
        self.uris = []
        self.changed = anyio.Event()

    async def __call__(self, message):
        method = getattr(message, "method", None)
        if method == "notifications/resources/updated":
            self.uris.append(str(message.params.uri))
            self.changed.set()

    async def next(self):
        await self.changed.wait()
        self.changed = anyio.Event()


class ClientTests(unittest.IsolatedAsyncioTestCase):
    async def test_initialize_and_list_tools(self):
        with anyio.fail_after(HANG):
            async with Client(server()) as client:
                self.assertEqual(client.protocol_version, "2025-11-25")
                self.assertEqual(client.server_info.name, "uno-host")
                tools = {tool.name: tool for tool in (await client.list_tools()).tools}
                self.assertEqual(
                    sorted(tools),
                    sorted(["list_features", "open_session", "send_action", "cancel_request", "close_session", "get_state", "export_recording"]),
                )
                for tool in tools.values():
                    self.assertEqual(tool.input_schema["type"], "object", tool.name)
                self.assertEqual(tools["send_action"].input_schema["required"], ["session", "action"])
                description = tools["send_action"].description
                for action in ["increment", "incrementLater", "queryChanged", "add"]:
                    self.assertIn(f"  - {action}: ", description)
                features = (await client.call_tool("list_features", {})).structured_content["features"]
                self.assertEqual([feature["name"] for feature in features], ["counter", "search", "todos", "standups"])

    async def test_counter_increment_later_with_wait(self):
        with anyio.fail_after(HANG):
            async with Client(server()) as client:
                opened = await client.call_tool("open_session", {"feature": "counter"})
                self.assertFalse(opened.is_error)
                session = opened.structured_content["session"]
                self.assertEqual(opened.structured_content["state"]["count"], 0)

                sent = await client.call_tool(
                    "send_action", {"session": session, "action": "incrementLater", "wait": True}
                )
                self.assertFalse(sent.is_error, sent.content)
                self.assertEqual(sent.structured_content["effects"], "finished")
                self.assertEqual(sent.structured_content["state"]["count"], 1)

                state = await client.call_tool("get_state", {"session": session})
                self.assertEqual(state.structured_content["state"]["count"], 1)
                read = await client.read_resource(f"uno://sessions/{session}/state")
                self.assertEqual(json.loads(read.contents[0].text)["count"], 1)

                closed = await client.call_tool("close_session", {"session": session})
                self.assertEqual(closed.structured_content, {"session": session, "closed": True})

    async def test_a_subscriber_receives_the_update_a_debounced_effect_writes(self):
        updates = Updates()
        with anyio.fail_after(HANG):
            async with Client(server(), message_handler=updates) as client:
                session = (await client.call_tool("open_session", {"feature": "search"})).structured_content["session"]
                uri = f"uno://sessions/{session}/state"
                resources = await client.list_resources()
                self.assertIn(uri, [str(resource.uri) for resource in resources.resources])
                await client.subscribe_resource(uri)

                sent = await client.call_tool(
                    "send_action", {"session": session, "action": {"queryChanged": {"query": "smiling cat"}}}
                )
                # The action set the query; the search runs once typing pauses (debounced).
                self.assertEqual(sent.structured_content["effects"], "running")
                self.assertEqual(sent.structured_content["state"]["rows"], [])

                # Every change is announced; the debounced effect's write brings the results.
                while True:
                    await updates.next()
                    state = json.loads((await client.read_resource(uri)).contents[0].text)
                    if state["rows"]:
                        break
                self.assertEqual(set(updates.uris), {uri})
                self.assertIn("SMILING CAT FACE", " ".join(row["title"] for row in state["rows"]))
                await client.call_tool("close_session", {"session": session})

    async def test_cancel_request_stops_a_running_effect(self):
        with anyio.fail_after(HANG):
            async with Client(server()) as client:
                session = (await client.call_tool("open_session", {"feature": "search"})).structured_content["session"]
                sent = await client.call_tool(
                    "send_action",
                    {"session": session, "action": {"queryChanged": {"query": "cat"}}, "request": "typing"},
                )
                self.assertEqual(sent.structured_content["request"], "typing")
                cancelled = await client.call_tool("cancel_request", {"session": session, "request": "typing"})
                self.assertFalse(cancelled.is_error, cancelled.content)
                self.assertTrue(cancelled.structured_content["cancelled"])
                again = await client.call_tool("cancel_request", {"session": session, "request": "typing"})
                self.assertTrue(again.is_error)

    async def test_wrong_arguments_and_unknown_sessions_are_tool_errors(self):
        with anyio.fail_after(HANG):
            async with Client(server()) as client:
                session = (await client.call_tool("open_session", {"feature": "counter"})).structured_content["session"]
                for tool, arguments, message in [
                    ("get_state", {"session": 42}, "unknown_session: no open session 42"),
                    ("get_state", {"session": "one"}, "'session' must be an integer"),
                    ("open_session", {"feature": "chess"}, "unknown feature 'chess'; features are: counter, search, todos, standups"),
                    ("send_action", {"session": session, "action": "fly"}, "unknown action 'fly' for feature 'counter'"),
                    ("send_action", {"session": session}, "send_action needs 'action'"),
                ]:
                    result = await client.call_tool(tool, arguments)
                    self.assertTrue(result.is_error, (tool, arguments))
                    self.assertIn(message, result.content[0].text)
                with self.assertRaises(MCPError) as raised:
                    await client.call_tool("teleport", {})
                self.assertIn("unknown tool 'teleport'", str(raised.exception))
                state = await client.call_tool("get_state", {"session": session})
                self.assertEqual(state.structured_content["state"]["count"], 0)

    async def test_recording_a_standup_meeting_waits_for_its_end_and_a_client_can_cancel_one(self):
        standup = "5D000000-0000-0000-0000-000000000000"
        with tempfile.TemporaryDirectory() as directory:
            # Two attendees, two seconds: the meeting ends by itself on the live clock.
            Path(directory, "standups.json").write_text(json.dumps([{
                "id": standup, "title": "Quick", "durationSeconds": 2, "theme": "teal", "meetings": [],
                "attendees": [{"id": "A0000000-0000-0000-0000-000000000001", "name": "Blob"},
                              {"id": "A0000000-0000-0000-0000-000000000002", "name": "Blob Jr"}]}]))
            with anyio.fail_after(HANG):
                async with Client(server("--data-dir", directory)) as client:
                    session = (await client.call_tool("open_session", {"feature": "standups"})).structured_content["session"]
                    opened = await client.call_tool(
                        "send_action", {"session": session, "action": {"list": {"standupTapped": {"id": standup}}}})
                    detail = opened.structured_content["state"]["screens"][-1]["id"]

                    record = {"path": {"element": {"id": detail, "action": {"detail": "recordTapped"}}}}
                    sent = await client.call_tool("send_action", {"session": session, "action": record, "wait": True})
                    self.assertFalse(sent.is_error, sent.content)
                    # It returns once the meeting has ended: saved, and the record screen gone
                    # (its effects ended with it, so they are reported as cancelled).
                    state = sent.structured_content["state"]
                    self.assertEqual(state["top"], "detail")
                    self.assertEqual(len(state["detail"]["meetings"]), 1)
                    self.assertEqual(sent.structured_content["effects"], "cancelled")

                    # A meeting whose request the client cancels stops where it is, unsaved.
                    started = await client.call_tool(
                        "send_action", {"session": session, "action": record, "request": "second"})
                    self.assertEqual(started.structured_content["effects"], "running")
                    self.assertEqual(started.structured_content["state"]["top"], "record")
                    cancelled = await client.call_tool("cancel_request", {"session": session, "request": "second"})
                    self.assertTrue(cancelled.structured_content["cancelled"])
                    state = (await client.call_tool("get_state", {"session": session})).structured_content["state"]
                    self.assertEqual(state["top"], "record")
                    top = state["screens"][-1]["id"]
                    back = await client.call_tool(
                        "send_action", {"session": session, "action": {"path": {"popFrom": {"id": top}}}, "wait": True})
                    self.assertEqual(len(back.structured_content["state"]["detail"]["meetings"]), 1)

    async def test_an_alert_is_shown_with_its_buttons_and_send_action_presses_one(self):
        standup = "5D000000-0000-0000-0000-000000000000"
        with tempfile.TemporaryDirectory() as directory:
            Path(directory, "standups.json").write_text(json.dumps([{
                "id": standup, "title": "Design", "durationSeconds": 60, "theme": "teal", "meetings": [],
                "attendees": [{"id": "A0000000-0000-0000-0000-000000000001", "name": "Blob"}]}]))
            with anyio.fail_after(HANG):
                async with Client(server("--data-dir", directory)) as client:
                    features = (await client.call_tool("list_features", {})).structured_content["features"]
                    standups = next(feature for feature in features if feature["name"] == "standups")
                    bindings = [action for action in standups["actions"] if "bindable" in action]
                    self.assertIn("title: String", bindings[0]["bindable"])

                    session = (await client.call_tool("open_session", {"feature": "standups"})).structured_content["session"]
                    opened = await client.call_tool(
                        "send_action", {"session": session, "action": {"list": {"standupTapped": {"id": standup}}}})
                    detail = opened.structured_content["state"]["screens"][-1]["id"]

                    def on_detail(action):
                        return {"path": {"element": {"id": detail, "action": {"detail": action}}}}

                    asked = await client.call_tool("send_action", {"session": session, "action": on_detail("deleteTapped")})
                    alert = asked.structured_content["state"]["alert"]
                    self.assertEqual(alert["title"], "Delete \u201cDesign\u201d?")
                    self.assertEqual(alert["buttons"], ["1. Delete (destructive)", "2. Cancel (cancel)"])

                    # "Cancel", a button without an action: the alert closes, nothing else.
                    cancelled = await client.call_tool(
                        "send_action", {"session": session, "action": on_detail({"destination": {"alert": {}}})})
                    self.assertNotIn("alert", cancelled.structured_content["state"])

                    await client.call_tool("send_action", {"session": session, "action": on_detail("deleteTapped")})
                    deleted = await client.call_tool(
                        "send_action",
                        {"session": session, "action": on_detail({"destination": {"alert": "confirmDeletion"}}), "wait": True})
                    self.assertFalse(deleted.is_error, deleted.content)
                    state = deleted.structured_content["state"]
                    self.assertEqual(state["top"], "list")
                    self.assertEqual(state["list"], [])


def rpc(id, method, params=None):
    message = {"jsonrpc": "2.0", "id": id, "method": method}
    if params is not None:
        message["params"] = params
    return (json.dumps(message) + "\n").encode()


INITIALIZE = rpc(0, "initialize", {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "raw", "version": "1"}}) + b'{"jsonrpc":"2.0","method":"notifications/initialized"}\n'


def read_response(process, id):
    """Reads the server's lines until the answer to request `id`; returns it."""
    while True:
        line = process.stdout.readline()
        if not line:
            raise AssertionError(f"the server closed its output before answering request {id}")
        message = json.loads(line)
        if message.get("id") == id:
            return message


class RawTests(unittest.TestCase):
    """What no SDK would send: the bytes go to the process as they are."""

    def test_every_corpus_document_gets_an_error_and_no_session_loses_state(self):
        names = sorted(name for name in os.listdir(CORPUS) if name.endswith(".json"))
        self.assertEqual(len(names), 318)
        errors_file = tempfile.TemporaryFile()
        self.addCleanup(errors_file.close)
        process = subprocess.Popen([BINARY, "mcp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=errors_file)
        self.addCleanup(process.stdout.close)
        hang = threading.Timer(HANG, process.kill)  # a hang ends the reads below, and fails
        hang.start()
        self.addCleanup(hang.cancel)
        # Requests are handled concurrently (docs/mcp.md, "Concurrency"): like any client, this
        # one waits for the session to be open, and for the action's answer, before going on.
        process.stdin.write(INITIALIZE)
        process.stdin.write(rpc(1, "tools/call", {"name": "open_session", "arguments": {"feature": "counter"}}))
        process.stdin.flush()
        self.assertEqual(read_response(process, 1)["result"]["structuredContent"]["session"], 1)
        process.stdin.write(rpc(2, "tools/call", {"name": "send_action", "arguments": {"session": 1, "action": "increment"}}))
        process.stdin.flush()
        self.assertEqual(read_response(process, 2)["result"]["structuredContent"]["state"]["count"], 1)
        lines = []
        for name in names:
            document = (CORPUS / name).read_bytes().replace(b"\n", b" ")  # one line each
            lines.append(document + b"\n")
        lines.append(b"x" * 2_000_000 + b"\n")  # longer than a line may be
        lines.append(b"[" * 100_000 + b"\n")  # deeper than JSON may nest
        lines.append(rpc(4, "no/such/method"))
        lines.append(rpc(3, "tools/call", {"name": "get_state", "arguments": {"session": 1}}))
        # Written by a thread while this one reads: the answers could fill the pipe otherwise.
        def write():
            process.stdin.write(b"".join(lines))
            process.stdin.close()

        writer = threading.Thread(target=write)
        writer.start()
        stdout = process.stdout.read()
        writer.join()
        returncode = process.wait(timeout=HANG)
        errors_file.seek(0)
        self.assertEqual(returncode, 0, errors_file.read()[-2000:])
        responses = [json.loads(line) for line in stdout.splitlines()]
        unknown = next(response for response in responses if response.get("id") == 4)
        self.assertEqual(unknown["error"]["code"], -32601)
        errors = [response for response in responses if "error" in response and response.get("id") != 4]
        self.assertEqual(len(errors), len(names) + 2, [e["error"]["message"] for e in errors][-5:])
        for error in errors:
            self.assertIn(error["error"]["code"], (-32700, -32600))
            self.assertTrue(error["error"]["message"])
        last = next(response for response in responses if response.get("id") == 3)
        self.assertEqual(last["result"]["structuredContent"]["state"]["count"], 1)

    def test_a_client_that_disappears_mid_request_leaves_the_server_exiting_cleanly(self):
        process = subprocess.Popen([BINARY, "mcp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        process.stdin.write(INITIALIZE)
        process.stdin.write(rpc(1, "tools/call", {"name": "open_session", "arguments": {"feature": "counter"}}))
        process.stdin.write(
            rpc(2, "tools/call", {"name": "send_action", "arguments": {"session": 1, "action": "incrementLater", "wait": True}})
        )
        process.stdin.flush()
        process.stdout.readline()  # the initialize answer: the server is up
        # The client goes away without a word: both pipes close under the server.
        process.stdin.close()
        process.stdout.close()
        self.assertEqual(process.wait(timeout=HANG), 0, process.stderr.read()[-2000:])
        process.stderr.close()


if __name__ == "__main__":
    unittest.main()

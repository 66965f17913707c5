"""uno-host's inspector in a real browser: Debian's chromium driven by Playwright.

Run by Tools/inspector-test.sh (part of Tools/test.sh), which installs the pinned Playwright into
a virtual environment (no browser download: the system's chromium is launched) and points
UNO_HOST_BINARY at the built uno-host. With UNO_INSPECTOR_SCREENSHOTS set to a folder, the test
saves the screenshots docs/inspector.md shows. Waits have generous deadlines that only detect a
hang; no test depends on how fast anything is.
"""

import http.client
import json
import os
import re
import shutil
import subprocess
import tempfile
import unittest
from pathlib import Path

from playwright.sync_api import expect, sync_playwright
from support import JSONLines, resident_kilobytes

ROOT = Path(__file__).resolve().parents[2]
BINARY = os.environ.get("UNO_HOST_BINARY", str(ROOT / ".build" / "debug" / "uno-host"))
SCREENSHOTS = os.environ.get("UNO_INSPECTOR_SCREENSHOTS")
HANG = 60_000  # milliseconds: only a hang takes this long
expect.set_options(timeout=HANG)


class Host:
    """uno-host serve --inspector, fed requests on stdin; its answers are read as they come."""

    def __init__(self, directory):
        self.process = subprocess.Popen(
            [BINARY, "serve", "--inspector", "--ids", "incrementing", "--data-dir", directory],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        line = self.process.stderr.readline().decode()
        match = re.search(r"inspector at (http://127\.0\.0\.1:(\d+)/\?token=([0-9a-f]+))", line)
        if not match:
            raise AssertionError(f"uno-host printed no inspector address: {line!r}")
        self.address, self.port, self.token = match.group(1), int(match.group(2)), match.group(3)
        self.output = JSONLines(self.process.stdout, HANG / 1000, "the host")
        self.lines, self.changed = self.output.lines, self.output.changed

    def send(self, request):
        self.process.stdin.write((json.dumps(request) + "\n").encode())
        self.process.stdin.flush()

    def wait_for(self, predicate):
        """The first line the host wrote that satisfies `predicate`, once it has."""
        return self.output.wait_for(predicate)

    def state(self, session):
        """The session's view state as the host last wrote it (a change is written as it happens,
        before the inspector answers the request that made it)."""
        with self.changed:
            return next(l["state"] for l in reversed(self.lines)
                        if l.get("session") == session and l.get("type") in ("opened", "state"))

    def request(self, method, path, headers=None, body=None, host=None):
        """An HTTP request to the inspector, with exactly these headers; (status, body)."""
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=HANG / 1000)
        connection.putrequest(method, path, skip_host=True, skip_accept_encoding=True)
        connection.putheader("Host", host or f"127.0.0.1:{self.port}")
        for name, value in (headers or {}).items():
            connection.putheader(name, value)
        data = body.encode() if body is not None else None
        if data is not None:
            connection.putheader("Content-Length", str(len(data)))
        connection.endheaders(data)
        response = connection.getresponse()
        answer = (response.status, response.read().decode(errors="replace"))
        connection.close()
        return answer

    def stop(self):
        self.process.stdin.close()
        self.process.wait(timeout=HANG / 1000)
        self.process.stdout.close()
        self.process.stderr.close()


def start_inspected(arguments):
    """uno-host with these arguments and --inspector: the process, and the inspector's port and token."""
    process = subprocess.Popen([BINARY, *arguments, "--inspector"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE)
    line = process.stderr.readline().decode()
    match = re.search(r"inspector at http://127\.0\.0\.1:(\d+)/\?token=([0-9a-f]+)", line)
    if not match:
        process.kill()
        raise AssertionError(f"uno-host printed no inspector address: {line!r}")
    return process, int(match.group(1)), match.group(2)


def get_json(port, token, path):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=HANG / 1000)
    connection.request("GET", path, headers={"X-Uno-Token": token})
    response = connection.getresponse()
    body = json.loads(response.read())
    connection.close()
    return body


class FrontEndTests(unittest.TestCase):
    """The inspector beside each front end: the terminal mode and the MCP server."""

    def test_the_terminal_modes_session_is_inspected(self):
        process, port, token = start_inspected(["run", "counter", "--format", "pretty"])
        try:
            process.stdin.write(b"increment\n")
            process.stdin.flush()
            # The diff is printed in the same turn as the inspector reads the entry.
            while True:
                line = process.stdout.readline()
                self.assertTrue(line, "the terminal ended before showing the change")
                if b"after increment" in line:
                    break
            timeline = get_json(port, token, "/api/sessions/1/timeline")
            self.assertEqual(timeline["feature"], "counter")
            entry = timeline["entries"][0]
            self.assertEqual((entry["kind"], entry["action"], entry["via"]), ("action", {"increment": {}}, "terminal"))
            self.assertEqual(entry["state"]["count"], 1)
        finally:
            process.stdin.close()
            self.assertEqual(process.wait(timeout=HANG / 1000), 0)
            process.stdout.close()
            process.stderr.close()

    def test_the_mcp_servers_sessions_are_inspected(self):
        process, port, token = start_inspected(["mcp"])
        try:
            def call(id, name, arguments):
                message = {"jsonrpc": "2.0", "id": id, "method": "tools/call",
                           "params": {"name": name, "arguments": arguments}}
                process.stdin.write((json.dumps(message) + "\n").encode())
                process.stdin.flush()
                while True:
                    line = process.stdout.readline()
                    self.assertTrue(line, f"the server ended before answering request {id}")
                    answer = json.loads(line)
                    if answer.get("id") == id:
                        return answer["result"]["structuredContent"]

            initialize = {"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
                "protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "test", "version": "1"}}}
            process.stdin.write((json.dumps(initialize) + "\n").encode())
            process.stdin.write(b'{"jsonrpc":"2.0","method":"notifications/initialized"}\n')
            process.stdin.flush()
            session = call(1, "open_session", {"feature": "counter"})["session"]
            self.assertEqual(get_json(port, token, "/api/sessions"),
                             [{"session": session, "feature": "counter", "recordable": True, "recording": True}])
            sent = call(2, "send_action", {"session": session, "action": "increment", "request": "from-mcp"})
            self.assertEqual(sent["state"]["count"], 1)
            entry = get_json(port, token, f"/api/sessions/{session}/timeline")["entries"][0]
            self.assertEqual((entry["request"], entry["via"]), ("from-mcp", "mcp"))
        finally:
            process.stdin.close()
            self.assertEqual(process.wait(timeout=HANG / 1000), 0)
            process.stdout.close()
            process.stderr.close()


class InspectorTests(unittest.TestCase):
    def setUp(self):
        self.directory = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, self.directory)
        self.host = Host(self.directory)
        self.addCleanup(self.host.stop)
        self.host.send({"op": "open", "feature": "counter", "id": "open-counter"})
        self.host.wait_for(lambda l: l.get("id") == "open-counter")

    def token(self):
        return {"Cookie": f"uno-inspector-{self.host.port}={self.host.token}"}

    # MARK: Security, over plain HTTP

    def test_without_the_token_every_request_is_401(self):
        for path in ["/", "/inspector.js", "/api/sessions", "/api/sessions/1/timeline", "/api/sessions/1/recording"]:
            self.assertEqual(self.host.request("GET", path)[0], 401, path)
            self.assertEqual(self.host.request("GET", path, {"Cookie": f"uno-inspector-{self.host.port}=guess"})[0], 401, path)
        self.assertEqual(self.host.request("POST", "/api/sessions/1/rewind", body='{"index":-1}')[0], 401)
        self.assertEqual(self.host.request("GET", f"/?token={self.host.token}")[0], 200)

    def test_a_host_header_that_is_not_the_loopback_is_403(self):
        for host in ["attacker.example", f"attacker.example:{self.host.port}", f"127.0.0.1:{self.host.port + 1}"]:
            self.assertEqual(self.host.request("GET", "/api/sessions", self.token(), host=host)[0], 403, host)
        self.assertEqual(self.host.request("GET", "/api/sessions", self.token(), host=f"localhost:{self.host.port}")[0], 200)

    def test_a_websocket_from_another_origin_is_403(self):
        upgrade = {**self.token(), "Connection": "Upgrade", "Upgrade": "websocket", "Sec-WebSocket-Version": "13",
                   "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ=="}
        self.assertEqual(self.host.request("GET", "/ws", {**upgrade, "Origin": "http://attacker.example"})[0], 403)
        self.assertEqual(self.host.request("GET", "/ws", upgrade)[0], 403)  # no Origin at all
        own = f"http://127.0.0.1:{self.host.port}"
        without_token = {name: value for name, value in upgrade.items() if name != "Cookie"}
        self.assertEqual(self.host.request("GET", "/ws", {**without_token, "Origin": own})[0], 401)
        self.assertEqual(
            self.host.request("GET", "/ws", {**upgrade, "Origin": "http://attacker.example"}, host="attacker.example")[0],
            403)
        # Without the upgrade headers, the same checks answer the same.
        self.assertEqual(self.host.request("GET", "/ws", {**self.token(), "Origin": "http://attacker.example"})[0], 403)
        self.assertEqual(self.host.request("GET", "/ws", self.token())[0], 403)
        self.assertEqual(self.host.request("GET", "/ws", {**upgrade, "Origin": f"http://127.0.0.1:{self.host.port}"})[0], 101)

    def test_nothing_changes_on_a_get_and_a_post_from_another_site_is_403(self):
        self.host.send({"op": "send", "session": 1, "action": "increment", "id": "up"})
        self.host.wait_for(lambda l: l.get("type") == "finished" and l.get("request") == "up")
        self.assertEqual(self.host.request("GET", "/api/sessions/1/rewind", self.token())[0], 404)
        foreign = {**self.token(), "Origin": "http://attacker.example", "Content-Type": "application/json"}
        self.assertEqual(self.host.request("POST", "/api/sessions/1/rewind", foreign, body='{"index":-1}')[0], 403)
        self.assertEqual(self.host.state(1)["count"], 1)
        status, body = self.host.request("POST", "/api/sessions/1/rewind", self.token(), body='{"index":-1}')
        self.assertEqual(status, 200, body)
        self.host.wait_for(lambda l: l.get("type") == "state" and l.get("request") is None and l["state"]["count"] == 0)

    def test_an_action_is_sent_from_the_page_only_by_a_post_with_the_token_from_its_own_origin(self):
        body = '{"action":"increment"}'
        self.assertEqual(self.host.request("POST", "/api/sessions/1/send", body=body)[0], 401)
        self.assertEqual(self.host.request("GET", "/api/sessions/1/send", self.token())[0], 404)
        foreign = {**self.token(), "Origin": "http://attacker.example", "Content-Type": "application/json"}
        self.assertEqual(self.host.request("POST", "/api/sessions/1/send", foreign, body=body)[0], 403)
        self.assertEqual(
            self.host.request("POST", "/api/sessions/1/send", self.token(), body=body, host="attacker.example")[0], 403)
        self.assertEqual(self.host.state(1)["count"], 0)
        status, answer = self.host.request("POST", "/api/sessions/1/send", self.token(), body='{"nothing":1}')
        self.assertEqual(status, 400, answer)
        status, answer = self.host.request("POST", "/api/sessions/1/send", self.token(), body='{"action":"fly"}')
        self.assertEqual(status, 400, answer)
        self.assertIn("unknown_action", answer)
        own = {**self.token(), "Origin": f"http://127.0.0.1:{self.host.port}"}
        status, answer = self.host.request("POST", "/api/sessions/1/send", own, body=body)
        self.assertEqual(status, 200, answer)
        self.assertEqual(json.loads(answer)["request"], "inspector-1")
        changed = self.host.wait_for(lambda l: l.get("type") == "state" and l.get("request") == "inspector-1")
        self.assertEqual(changed["state"]["count"], 1)

    def test_a_flood_of_requests_is_answered_in_bounded_memory_and_leaves_the_sessions_alone(self):
        self.host.send({"op": "send", "session": 1, "action": "increment", "id": "before"})
        self.host.wait_for(lambda l: l.get("type") == "finished" and l.get("request") == "before")
        # A first round warms the server up (its buffers and caches are not growth).
        for _ in range(100):
            self.host.request("GET", "/api/sessions/1/timeline", self.token())
        before = resident_kilobytes(self.host.process.pid)
        statuses = {}
        for index in range(1_000):
            kind = index % 4
            if kind == 0:
                status = self.host.request("GET", "/api/sessions/1/timeline", self.token())[0]
            elif kind == 1:
                status = self.host.request("GET", "/api/sessions")[0]  # no token
            elif kind == 2:
                status = self.host.request("GET", "/", self.token(), host="attacker.example")[0]
            else:
                status = self.host.request("POST", "/api/import", self.token(), body="x" * 10_000)[0]
            statuses[status] = statuses.get(status, 0) + 1
        after = resident_kilobytes(self.host.process.pid)
        self.assertEqual(statuses, {200: 250, 401: 250, 403: 250, 400: 250})
        self.assertLess(after - before, 64 * 1024, f"resident memory grew from {before} kB to {after} kB")
        self.assertEqual(self.host.state(1)["count"], 1)
        self.host.send({"op": "send", "session": 1, "action": "increment", "id": "after"})
        changed = self.host.wait_for(lambda l: l.get("request") == "after" and l.get("type") == "state")
        self.assertEqual(changed["state"]["count"], 2)

    # MARK: The page, in chromium

    def test_the_page_follows_sessions_live_and_travels_through_their_history(self):
        chromium = shutil.which("chromium") or shutil.which("chromium-browser")
        self.assertIsNotNone(chromium, "Debian's chromium is needed (Tools/inspector-test.sh installs it)")
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
            try:
                self.drive_the_page(browser)
            finally:
                browser.close()

    def test_two_hosts_inspectors_side_by_side_in_one_browser_keep_working(self):
        chromium = shutil.which("chromium") or shutil.which("chromium-browser")
        self.assertIsNotNone(chromium, "Debian's chromium is needed (Tools/inspector-test.sh installs it)")
        other_directory = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, other_directory)
        other = Host(other_directory)
        self.addCleanup(other.stop)
        other.send({"op": "open", "feature": "todos", "id": "open-todos"})
        other.wait_for(lambda l: l.get("id") == "open-todos")
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
            try:
                context = browser.new_context(viewport={"width": 1280, "height": 800})
                first, second = context.new_page(), context.new_page()
                first.goto(self.host.address)
                expect(first.locator("#connection")).to_have_text("live")
                second.goto(other.address)
                expect(second.locator("#connection")).to_have_text("live")
                # Each keeps its own token: opening the second did not lock the first out.
                first.locator("#sessions li").nth(0).click()
                expect(first.locator("#timeline .entry")).to_have_count(1)
                second.locator("#sessions li").nth(0).click()
                expect(second.locator("#timeline .entry")).to_have_count(1)
                self.host.send({"op": "send", "session": 1, "action": "increment", "id": "after-both"})
                expect(first.locator("#timeline .entry")).to_have_count(2)
                # A page that has lost its token says what to do, not a bare 401, and shows no
                # timeline or rewind it cannot vouch for.
                context.clear_cookies()
                first.locator("#sessions li").nth(0).click()
                expect(first.locator("#error")).to_contain_text("open the address uno-host printed")
                expect(first.locator("#timeline .entry")).to_have_count(0)
                expect(first.locator("#rewind")).to_be_hidden()
                expect(first.locator("#timeline-note")).to_contain_text("could not be loaded")
            finally:
                browser.close()

    def test_a_long_actions_row_keeps_its_request_label_in_view_at_1280_pixels(self):
        chromium = shutil.which("chromium") or shutil.which("chromium-browser")
        self.assertIsNotNone(chromium, "Debian's chromium is needed (Tools/inspector-test.sh installs it)")
        self.host.send({"op": "open", "feature": "search", "id": "open-search"})
        self.host.wait_for(lambda l: l.get("id") == "open-search")
        query = "a very long query " * 20
        self.host.send({"op": "send", "session": 2, "action": {"queryChanged": {"query": query}}, "id": "long-one"})
        # Wait for the search the query starts (debounced) to finish: an entry arriving while the
        # row is measured draws the rows again, and a row measured as it is replaced measures 0.
        self.host.wait_for(lambda l: l.get("type") == "finished" and l.get("request") == "long-one")
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
            try:
                page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
                page.goto(self.host.address)
                page.locator("#sessions li").nth(1).click()
                row = page.locator("#timeline .entry").filter(has_text='"long-one"').first
                expect(row).to_be_visible()
                label, box = row.locator(".request").bounding_box(), row.bounding_box()
                # The label is drawn whole, inside its row; the action gave way with an ellipsis.
                self.assertGreater(label["width"], 0)
                self.assertLessEqual(label["x"] + label["width"], box["x"] + box["width"] + 0.5)
                action = row.locator(".action")
                self.assertTrue(action.evaluate("element => element.scrollWidth > element.clientWidth"))
                # Shown by its name and its value, as it is typed, not in Swift's coding.
                self.assertTrue(action.text_content().startswith("queryChanged a very long query"))
                self.assertNotIn("{", action.text_content())
            finally:
                browser.close()

    def drive_the_page(self, browser):
        context = browser.new_context(accept_downloads=True, viewport={"width": 1400, "height": 800})
        page = context.new_page()
        # A load has no console error and no failed request (a favicon's 404 was one).
        console_errors, failed = [], []
        page.on("console", lambda message: console_errors.append(message.text) if message.type == "error" else None)
        page.on("response", lambda response: failed.append(response.url) if response.status >= 400 else None)
        page.goto(self.host.address)
        expect(page.locator("#connection")).to_have_text("live")
        self.assertEqual(console_errors, [])
        self.assertEqual(failed, [])
        # The token left the address bar for an HttpOnly cookie.
        self.assertNotIn("token", page.url)
        self.assertEqual(page.evaluate("document.cookie"), "")

        sessions = page.locator("#sessions li")
        expect(sessions).to_have_text(["1 · counter"])
        # A session opened later appears by itself.
        self.host.send({"op": "open", "feature": "todos", "id": "open-todos"})
        expect(sessions).to_have_text(["1 · counter", "2 · todos"])

        sessions.nth(0).click()
        entries = page.locator("#timeline .entry")
        expect(entries).to_have_count(1)  # the initial state
        for index in range(3):
            self.host.send({"op": "send", "session": 1, "action": "increment", "id": f"up-{index}"})
        # Each entry appears as it happens, with the request that made it.
        expect(entries).to_have_count(4)
        expect(entries.nth(3)).to_contain_text("increment")
        expect(entries.nth(3)).to_contain_text('stdin "up-2"')

        # An entry's diff, as the terminal mode shows a change.
        entries.nth(1).click()
        expect(page.locator("#detail-title")).to_have_text("Entry 0: increment")
        expect(page.locator("#diff")).to_have_text("- count: 0+ count: 1")
        expect(page.locator("#state")).to_contain_text("count: 1")
        self.screenshot(page, "inspector-timeline.png")

        # Scrubbing moves through the states.
        scrub = page.locator("#scrub")
        scrub.evaluate("(s) => { s.value = 2; s.dispatchEvent(new Event('input')) }")
        expect(page.locator("#state")).to_contain_text("count: 3")
        scrub.evaluate("(s) => { s.value = -1; s.dispatchEvent(new Event('input')) }")
        expect(page.locator("#state")).to_contain_text("count: 0")
        expect(page.locator("#detail-title")).to_have_text("Before the first entry")

        # Rewind: the live session goes back to entry 0, and the rewind is an entry of its own.
        entries.nth(1).click()
        page.locator("#rewind").click()
        changed = self.host.wait_for(lambda l: l.get("type") == "state" and l.get("request") is None)
        self.assertEqual(changed["state"]["count"], 1)
        expect(entries).to_have_count(5)
        expect(entries.nth(4)).to_contain_text("rewound")

        # Export, replay the file with uno-host, and import it for viewing.
        with page.expect_download() as download:
            page.locator("#export").click()
        recording = Path(self.directory, "counter.jsonl")
        download.value.save_as(recording)
        header = json.loads(recording.read_text().splitlines()[0])
        self.assertEqual((header["format"], header["feature"]), ("uno-recording", "counter"))
        replay = subprocess.run([BINARY, "replay", str(recording)], capture_output=True, timeout=HANG / 1000)
        self.assertEqual(replay.returncode, 0, replay.stdout + replay.stderr)
        page.locator("#import").set_input_files(str(recording))
        expect(page.locator("#timeline-title")).to_have_text("Imported: counter")
        expect(entries).to_have_count(5)
        expect(page.locator("#rewind")).to_be_hidden()

        # A todos session: its entries appear as the host adds a todo.
        sessions.nth(1).click()
        self.host.send({"op": "send", "session": 2, "action": {"add": {"title": "Buy milk"}}, "id": "milk"})
        expect(entries.filter(has_text="Buy milk")).to_have_count(1)
        entries.filter(has_text="Buy milk").click()
        expect(page.locator("#diff")).to_contain_text("Buy milk")
        # The inserted todo is shown field by field, not as one line of JSON.
        expect(page.locator("#diff div").filter(has_text='.title: "Buy milk"')).to_have_count(1)
        self.assertNotIn("{", page.locator("#diff").text_content())
        self.screenshot(page, "inspector-todos.png")

        # Sending an action from the page: the feature's actions, each with its example to edit.
        form = page.locator("#send")
        expect(form).to_be_visible()
        page.locator("#send-action").select_option(label="add <title> · Adds a todo at the top.")
        expect(page.locator("#send-json")).to_have_value('{"add":{"title":"Buy milk"}}')
        page.locator("#send-json").fill('{"add":{"title":"From the page"}}')
        page.locator("#send-button").click()
        expect(page.locator("#send-result")).to_have_text("Sent as inspector-1.")
        sent = self.host.wait_for(lambda l: l.get("type") == "state" and l.get("request") == "inspector-1")
        self.assertIn("From the page", json.dumps(sent["state"]))
        # Recorded like any other, with the inspector as its front end.
        expect(entries.filter(has_text="From the page")).to_contain_text('inspector "inspector-1"')
        # What the feature refuses is said on the page, and nothing changes.
        page.locator("#send-json").fill('{"fly":{}}')
        page.locator("#send-button").click()
        expect(page.locator("#send-result")).to_contain_text("unknown action 'fly' for feature 'todos'")
        page.locator("#send-json").fill('{"add":')
        page.locator("#send-button").click()
        expect(page.locator("#send-result")).to_contain_text("Not JSON")

        # A file that is not a recording is refused, saying why.
        bad = Path(self.directory, "bad.jsonl")
        bad.write_text('{"hello":"world"}\n')
        page.locator("#import").set_input_files(str(bad))
        expect(page.locator("#error")).to_contain_text("not an Uno recording")

        # A closed session is shown as closed.
        self.host.send({"op": "close", "session": 2})
        expect(sessions.nth(1)).to_have_class(re.compile("closed"))
        # Shown while it closed: nothing left to send to it or rewind.
        expect(page.locator("#send")).to_be_hidden()
        expect(page.locator("#rewind")).to_be_hidden()
        # Clicked once closed: its name, no timeline of another session, no controls.
        sessions.nth(0).click()
        expect(page.locator("#send")).to_be_visible()
        sessions.nth(1).click()
        expect(page.locator("#timeline-note")).to_contain_text("Session 2")
        expect(page.locator("#timeline .entry")).to_have_count(0)
        expect(page.locator("#rewind")).to_be_hidden()
        expect(page.locator("#send")).to_be_hidden()

    def test_a_timeline_of_ten_thousand_entries_keeps_only_the_rows_in_view_in_the_page(self):
        chromium = shutil.which("chromium") or shutil.which("chromium-browser")
        lines = "".join(json.dumps({"op": "send", "session": 1, "action": "increment"}) + "\n" for _ in range(10_000))
        self.host.process.stdin.write(lines.encode())
        self.host.process.stdin.flush()
        self.host.wait_for(lambda l: l.get("type") == "state" and l["state"]["count"] == 10_000)
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
            try:
                page = browser.new_page(viewport={"width": 1400, "height": 800})
                page.goto(self.host.address)
                page.locator("#sessions li").nth(0).click()
                expect(page.locator("#detail-title")).to_have_text("Entry 9999: increment")
                rows = page.locator("#timeline .entry").count()
                self.assertLess(rows, 100)
                page.locator("#timeline").evaluate("(t) => { t.scrollTop = 0; t.dispatchEvent(new Event('scroll')) }")
                expect(page.locator("#timeline .entry").first).to_contain_text("initial state")
            finally:
                browser.close()

    def screenshot(self, page, name):
        if SCREENSHOTS:
            Path(SCREENSHOTS).mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(Path(SCREENSHOTS, name)))


if __name__ == "__main__":
    unittest.main()

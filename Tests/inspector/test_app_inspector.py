"""The inspector for a team's own app: `uno-host inspect` and an app built on the library
(Apps/inspected-app, the Todos feature) connected to it with `UnoInspection.connect`, driven
through the app's stdin, checked through the page in Debian's chromium and through the
inspector's API.

Run by Tools/inspector-test.sh with the rest of Tests/inspector. Waits have generous deadlines
that only detect a hang; no test depends on how fast anything is.
"""

import http.client
import json
import os
import re
import signal
import socket
import subprocess
import tempfile
import time
import unittest
from pathlib import Path

from playwright.sync_api import expect, sync_playwright
from support import JSONLines, resident_kilobytes

ROOT = Path(__file__).resolve().parents[2]
BINARY = os.environ.get("UNO_HOST_BINARY", str(ROOT / ".build" / "debug" / "uno-host"))
APP = os.environ.get("UNO_INSPECTED_APP", str(Path(BINARY).parent / "inspected-app"))
SCREENSHOTS = os.environ.get("UNO_INSPECTOR_SCREENSHOTS")
HANG = 60  # seconds: only a hang takes this long
TOKEN = "0123456789abcdef0123456789abcdef"
expect.set_options(timeout=HANG * 1000)


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def eventually(check, what):
    """`check()`'s first truthy value, polled until a hang would be the only reason to wait more."""
    deadline = time.monotonic() + HANG
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"never: {what}")


class Inspector:
    """`uno-host inspect` on fixed ports, so that it can be started again where it was."""

    def __init__(self, port=None, app_port=None):
        self.port = port or free_port()
        self.app_port = app_port or free_port()
        self.process = subprocess.Popen(
            [BINARY, "inspect", "--port", str(self.port), "--app-port", str(self.app_port), "--token", TOKEN],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        text = ""
        while "UnoInspection.connect" not in text:
            line = self.process.stderr.readline().decode()
            if not line:
                raise AssertionError(f"uno-host inspect printed no addresses: {text!r}")
            text += line
        self.address = re.search(r"inspector at (\S+)", text).group(1)
        assert f'connect(to: "127.0.0.1:{self.app_port}", token: "{TOKEN}"' in text, text

    def request(self, method, path, body=None):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=HANG)
        headers = {"X-Uno-Token": TOKEN, "Origin": f"http://127.0.0.1:{self.port}"}
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        connection.request(method, path, body=data, headers=headers)
        response = connection.getresponse()
        text = response.read().decode()
        connection.close()
        return response.status, text

    def get(self, path):
        status, text = self.request("GET", path)
        assert status == 200, (status, text)
        return json.loads(text)

    def app_sessions(self, feature="TodosInteractor", app="inspected-app"):
        """The open sessions of the app's runtime (or of the view models, by their names)."""
        return [s for s in self.get("/api/sessions")
                if s.get("app") == app and not s["closed"]
                and (feature is None or s["feature"] == feature)]

    def closed_app_sessions(self, app="inspected-app"):
        return [s["session"] for s in self.get("/api/sessions") if s.get("app") == app and s["closed"]]

    def timeline(self, session):
        return self.get(f"/api/sessions/{session}/timeline")

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGCONT)
            self.process.kill()
        self.process.wait(timeout=HANG)
        self.process.stderr.close()


class App:
    """The inspected app: commands on stdin, its state printed on stdout as it changes."""

    def __init__(self, app_port, token=TOKEN, name="inspected-app"):
        # Incrementing ids: its recordings replay (uno-host replay --ids incrementing).
        self.process = subprocess.Popen(
            [APP, "--connect", f"127.0.0.1:{app_port}", "--token", token, "--app", name, "--ids", "incrementing"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.output = JSONLines(self.process.stdout, HANG, "the app")
        self.lines = self.output.lines
        self.wait_for(lambda line: line.get("ready"))

    def command(self, text):
        self.process.stdin.write((text + "\n").encode())
        self.process.stdin.flush()

    def wait_for(self, predicate, after=0):
        return self.output.wait_for(predicate, after)

    def todos(self, titles):
        return lambda line: "state" in line and line["state"]["todos"] == titles

    def stop(self):
        if self.process.poll() is None:
            self.command("quit")
            try:
                self.process.wait(timeout=HANG)
            except subprocess.TimeoutExpired:
                self.process.kill()
        self.process.stdout.close()


def kinds(timeline):
    return [entry["kind"] for entry in timeline["entries"]]


class AppInspectorTests(unittest.TestCase):
    def setUp(self):
        self.inspector = Inspector()
        self.app = App(self.inspector.app_port)

    def tearDown(self):
        self.app.stop()
        self.inspector.stop()

    def session(self):
        return eventually(lambda: self.inspector.app_sessions(), "the app's session in the inspector")[0]["session"]

    def test_the_apps_actions_effects_rewind_send_and_export_in_the_page(self):
        session = self.session()
        self.app.command("add Milk")
        self.app.command("add Eggs")  # its save cancels Milk's, by id
        self.app.wait_for(self.app.todos(["  Eggs", "  Milk"]))
        self.app.command("toggle 0")  # a sort a second later: an effect that writes and ends
        self.app.wait_for(self.app.todos(["  Milk", "x Eggs"]))
        timeline = eventually(
            lambda: (t := self.inspector.timeline(session)) and "effect ended" in kinds(t) and t,
            "an effect's end in the timeline")
        entries = timeline["entries"]
        self.assertEqual(entries[0]["kind"], "action")
        self.assertEqual(entries[0]["action"], {"add": {"title": "Milk"}})
        # Named as the host names its features' actions, from the action type the app described.
        self.assertEqual(entries[0]["named"]["typed"], "add Milk")
        toggle = next(e for e in entries if e["kind"] == "action" and "todo" in e["action"])
        self.assertEqual(toggle["named"]["name"], "todo.toggle")
        self.assertEqual(len(toggle["named"]["ids"]), 1)
        self.assertEqual(entries[0]["state"]["todos"][0]["title"], "Milk")
        started = [e for e in entries if e["kind"] == "effect started"]
        self.assertTrue(all("started at TodosFeature/Todos.swift:" in e["named"]["typed"] for e in started), started)
        cancelled = [e for e in entries if e["kind"] == "effect cancelled"]
        self.assertTrue(any("its id was cancelled" in e["named"]["typed"] for e in cancelled), cancelled)
        self.assertIn("effect", kinds(timeline))  # the sort's write

        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=shutil_which_chromium(), args=["--no-sandbox"])
            page = browser.new_page(viewport={"width": 1400, "height": 900})
            errors = []
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.goto(self.inspector.address)
            expect(page.locator("#sessions li.app", has_text="inspected-app")).to_be_visible()
            item = page.locator(f"#sessions li[data-session='{session}']")
            expect(item).to_contain_text("TodosInteractor")
            item.click()
            expect(page.locator("#timeline-title")).to_contain_text("TodosInteractor")
            expect(page.locator("#timeline .entry .kind", has_text="effect cancelled").first).to_be_visible()
            # The first entry: its diff, and a rewind to it from the page.
            page.locator("#timeline .entry[data-index='0']").click()
            expect(page.locator("#diff")).to_contain_text('+ todos[0].title: "Milk"')
            if SCREENSHOTS:
                page.screenshot(path=os.path.join(SCREENSHOTS, "inspector-your-app.png"))
            before = len(self.app.lines)
            page.locator("#rewind").click()
            self.app.wait_for(self.app.todos(["  Milk"]), after=before)
            # An action sent from the page, in the app's own Codable form.
            before = len(self.app.lines)
            page.locator("#send-json").fill(json.dumps({"add": {"title": "Bread"}}))
            page.locator("#send-button").click()
            expect(page.locator("#send-result")).to_contain_text("Sent as inspector-")
            self.app.wait_for(self.app.todos(["  Bread", "  Milk"]), after=before)
            # One the app cannot decode is refused, with the reason, under the form.
            page.locator("#send-json").fill(json.dumps({"launch": {}}))
            page.locator("#send-button").click()
            expect(page.locator("#send-result")).to_contain_text("Not sent: the JSON is not a TodosAction")
            self.assertEqual(errors, [])
            browser.close()

        status, text = self.inspector.request("GET", f"/api/sessions/{session}/recording")
        self.assertEqual(status, 200)
        lines = [json.loads(line) for line in text.splitlines()]
        self.assertEqual(lines[0]["format"], "uno-recording")
        self.assertEqual(lines[0]["initialState"]["todos"], [])
        self.assertEqual(lines[1], {**lines[1], "kind": "action", "action": {"add": {"title": "Milk"}}})
        self.assertTrue({line["kind"] for line in lines[1:]} <= {"action", "effect", "sharedValue", "rewind"})
        self.assertIn("rewind", [line["kind"] for line in lines[1:]])
        # The file as downloaded replays: uno-host's Todos feature is the app's TodosInteractor,
        # under the name the host gives it.
        with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as file:
            file.write("\n".join([json.dumps({**lines[0], "feature": "todos"})] + text.splitlines()[1:]) + "\n")
        try:
            replay = subprocess.run([BINARY, "replay", "--ids", "incrementing", file.name],
                                    capture_output=True, text=True, timeout=HANG)
            self.assertEqual(replay.returncode, 0, replay.stdout + replay.stderr)
        finally:
            os.unlink(file.name)

    def test_every_runtime_and_view_model_is_a_session_unless_left_out(self):
        self.session()
        names = eventually(lambda: (n := sorted(s["feature"] for s in self.inspector.app_sessions(None)))
                           and len(n) == 3 and n, "three sessions")
        # A runtime after its interactor; a view model named with `inspected(as:)`, or after its
        # state's type; the one `inspected(as: nil)` left out is not there.
        self.assertEqual(names, ["Todos screen", "TodosInteractor", "TodosState"])

    def test_an_issue_the_app_reports_is_in_the_session_at_its_step(self):
        session = self.session()
        self.app.command("add Milk")
        self.app.command("open-missing")  # TodosInteractor reports the action it drops
        self.app.command("add Eggs")
        self.app.wait_for(self.app.todos(["  Eggs", "  Milk"]))
        # The issue, and the entry after it (the lines of one batch are read one by one).
        timeline = eventually(
            lambda: (t := self.inspector.timeline(session)) and "issue" in kinds(t) and kinds(t)[-1] != "issue" and t,
            "the issue in the timeline, and the entry after it")
        entries = timeline["entries"]
        issue = next(i for i, e in enumerate(entries) if e["kind"] == "issue")
        self.assertIn("'openEditor' of", entries[issue]["named"]["typed"])
        self.assertIn("was dropped", entries[issue]["named"]["typed"])
        # At its step: the action that reported it is the entry right after it.
        self.assertIn("openEditor", entries[issue + 1]["named"]["typed"])

    def test_a_released_runtime_closes_its_session_and_cancels_its_effects(self):
        session = self.session()
        self.app.command("add Milk")  # a save waits 300 ms: still running when the runtime goes
        self.app.command("release")
        self.app.wait_for(lambda line: line.get("released"))
        timeline = eventually(
            lambda: (t := self.inspector.timeline(session)) and "effect cancelled" in kinds(t) and t,
            "the released runtime's effect cancelled")
        cancelled = next(e for e in timeline["entries"] if e["kind"] == "effect cancelled")
        self.assertIn("released", cancelled["named"]["typed"])
        eventually(lambda: session in self.inspector.closed_app_sessions(), "the released session closed")
        # Still readable.
        self.assertEqual(self.inspector.timeline(session)["entries"][0]["action"], {"add": {"title": "Milk"}})
        eventually(lambda: len(self.inspector.app_sessions()) == 1, "the new runtime's session")
        self.assertEqual(len(self.inspector.app_sessions(None)), 3)

    def test_the_app_reconnects_when_the_inspector_comes_back(self):
        self.session()
        self.app.command("add Milk")
        self.app.wait_for(self.app.todos(["  Milk"]))
        port, app_port = self.inspector.port, self.inspector.app_port
        self.inspector.process.kill()
        self.inspector.stop()
        # The app keeps working without it.
        self.app.command("add Eggs")
        self.app.wait_for(self.app.todos(["  Eggs", "  Milk"]))
        self.inspector = Inspector(port, app_port)
        session = eventually(lambda: self.inspector.app_sessions(), "the app back in the new inspector")[0]["session"]
        timeline = self.inspector.timeline(session)
        self.assertEqual([t["title"] for t in timeline["initialState"]["todos"]], ["Eggs", "Milk"])
        self.app.command("add Bread")
        eventually(lambda: any(e.get("action") == {"add": {"title": "Bread"}}
                               for e in self.inspector.timeline(session)["entries"]), "a send after reconnecting")

    def test_a_stalled_inspector_costs_the_app_bounded_memory_and_drops_are_counted(self):
        session = self.session()
        self.app.command("flood 1000")
        self.app.wait_for(lambda line: line.get("flooded") == 1000)
        before = resident_kilobytes(self.app.process.pid)
        self.inspector.process.send_signal(signal.SIGSTOP)
        try:
            for _ in range(10):
                self.app.command("flood 10000")
            eventually(lambda: sum(1 for l in self.app.lines if l.get("flooded") == 10000) == 10, "100,000 changes")
            grown = resident_kilobytes(self.app.process.pid) - before
            # docs/inspector.md: at most 1,024 changes per session and 4,096 in all wait to be written.
            self.assertLess(grown, 64 * 1024, f"the app grew by {grown} kB with the inspector stopped")
        finally:
            self.inspector.process.send_signal(signal.SIGCONT)
        timeline = eventually(
            lambda: (t := self.inspector.timeline(session)) and t["appDropped"] > 0 and t,
            "the app's dropped events counted")
        self.assertGreater(timeline["appDropped"], 0)
        # Still following: a change after the stall arrives.
        self.app.command("add Milk")
        eventually(lambda: any(e.get("action") == {"add": {"title": "Milk"}}
                               for e in self.inspector.timeline(session)["entries"]), "a change after the stall")


    def test_a_view_models_child_view_models_are_listed_under_its_session(self):
        screen = eventually(lambda: self.inspector.app_sessions("Todos screen"), "the view model's session")[0]
        self.assertEqual(screen["children"], [])
        number = screen["session"]

        def children():
            return next(s for s in self.inspector.get("/api/sessions") if s["session"] == number)["children"]

        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=shutil_which_chromium(), args=["--no-sandbox"])
            page = browser.new_page(viewport={"width": 1400, "height": 900})
            page.goto(self.inspector.address)
            expect(page.locator(f"#sessions li[data-session='{number}']")).to_be_visible()
            # A row's view model for each row a view reads, made as rows come.
            for count, title in enumerate(["Milk", "Eggs"], start=1):
                self.app.command(f"screen-add {title}")
                self.app.wait_for(lambda line, count=count: line.get("screenRows") == count)
            listed = eventually(lambda: (c := children()) and len(c) == 2 and c, "two rows' view models")
            self.assertTrue(all(child["name"].startswith("\\TodosViewState.rows · ") for child in listed), listed)
            expect(page.locator("#sessions li.child")).to_have_count(2)
            expect(page.locator("#sessions li.child").first).to_contain_text("TodosViewState.rows")
            # Gone when their rows are: the filter shows none.
            self.app.command("screen-filter completed")
            self.app.wait_for(lambda line: line.get("screenRows") == 0)
            eventually(lambda: children() == [], "the rows' view models gone")
            expect(page.locator("#sessions li.child")).to_have_count(0)
            browser.close()
        # Their actions are the parent session's entries.
        self.assertIn("add", [e["named"]["name"] for e in self.inspector.timeline(number)["entries"]])

    def test_two_apps_at_once_each_with_its_own_sessions(self):
        first = self.session()
        other = App(self.inspector.app_port, name="other-app")
        try:
            second = eventually(lambda: self.inspector.app_sessions(app="other-app"),
                                "the second app's session")[0]["session"]
            self.assertNotEqual(first, second)
            sessions = {s["session"]: s for s in self.inspector.get("/api/sessions")}
            self.assertNotEqual(sessions[first]["instance"], sessions[second]["instance"])
            self.assertEqual(len(self.inspector.app_sessions(None, app="other-app")), 3)
            self.app.command("add Milk")
            other.command("add Eggs")
            self.app.wait_for(self.app.todos(["  Milk"]))
            other.wait_for(other.todos(["  Eggs"]))
            titles = lambda session: [e["action"]["add"]["title"] for e in self.inspector.timeline(session)["entries"]
                                      if e["kind"] == "action" and "add" in (e.get("action") or {})]
            eventually(lambda: titles(first) == ["Milk"] and titles(second) == ["Eggs"],
                       "each app's action in its own session only")
            # One app going does not close the other's sessions.
            other.stop()
            eventually(lambda: second in self.inspector.closed_app_sessions("other-app"),
                       "the second app's sessions closed")
            self.assertEqual([s["session"] for s in self.inspector.app_sessions()], [first])
            # Started again, it is a run of its own; the old run's sessions stay readable.
            other = App(self.inspector.app_port, name="other-app")
            third = eventually(lambda: self.inspector.app_sessions(app="other-app"),
                               "the restarted app's session")[0]["session"]
            self.assertNotIn(third, [first, second])
            self.assertEqual(self.inspector.timeline(second)["entries"][0]["action"], {"add": {"title": "Eggs"}})
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=shutil_which_chromium(), args=["--no-sandbox"])
                page = browser.new_page(viewport={"width": 1400, "height": 900})
                page.goto(self.inspector.address)
                headings = page.locator("#sessions li.app")
                expect(headings).to_have_text(["inspected-app", "other-app · gone", "other-app (run 2)"])
                # Each app's sessions under its heading.
                names = page.locator("#sessions li").all_inner_texts()
                self.assertEqual(names[0], "inspected-app")
                self.assertEqual(len(names), 3 + 9)
                self.assertTrue(all(name.split(" · ")[0].isdigit() for name in names[1:4] + names[5:8] + names[9:]),
                                names)
                browser.close()
        finally:
            other.stop()


class ServeWithAppsTests(unittest.TestCase):
    """`uno-host serve --inspector --inspector-app-port`: the host's sessions and an app's in one page."""

    def test_the_hosts_sessions_and_an_apps_in_the_same_inspector(self):
        port, app_port = free_port(), free_port()
        host = subprocess.Popen(
            [BINARY, "serve", "--inspector", "--inspector-port", str(port), "--inspector-app-port", str(app_port)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        app = None
        try:
            text = ""
            while "UnoInspection.connect" not in text:
                line = host.stderr.readline().decode()
                if not line:
                    raise AssertionError(f"uno-host serve printed no app address: {text!r}")
                text += line
            token = re.search(r'connect\(to: "127.0.0.1:(\d+)", token: "([0-9a-f]+)"', text)
            self.assertEqual(int(token.group(1)), app_port)
            host.stdin.write(b'{"op":"open","feature":"counter"}\n')
            host.stdin.flush()
            opened = JSONLines(host.stdout, HANG, "uno-host").wait_for(lambda line: line.get("type") == "opened")
            app = App(app_port, token=token.group(2))

            def sessions():
                connection = http.client.HTTPConnection("127.0.0.1", port, timeout=HANG)
                connection.request("GET", "/api/sessions", headers={"X-Uno-Token": token.group(2)})
                response = connection.getresponse()
                listed = json.loads(response.read())
                connection.close()
                return listed

            listed = eventually(
                lambda: (s := sessions()) and any(x.get("feature") == "TodosInteractor" for x in s) and s,
                "the app's runtime's session beside the host's")
            self.assertIn(opened["session"], [s["session"] for s in listed if "app" not in s])
            self.assertEqual([s["app"] for s in listed if s["feature"] == "TodosInteractor"], ["inspected-app"])
        finally:
            if app:
                app.stop()
            host.stdin.close()
            host.wait(timeout=HANG)
            host.stdout.close()
            host.stderr.close()


class AppGateTests(unittest.TestCase):
    """Only an app with the token is accepted, and no line an app sends can hurt the inspector."""

    def setUp(self):
        self.inspector = Inspector()

    def tearDown(self):
        self.inspector.stop()

    def connect(self, hello):
        connection = socket.create_connection(("127.0.0.1", self.inspector.app_port), timeout=HANG)
        connection.sendall((json.dumps(hello) + "\n").encode())
        return connection

    def hello(self, **fields):
        return {"format": "uno-inspection", "version": 1, "token": TOKEN, "app": "raw", "instance": "i-1", "pid": 1,
                **fields}

    def read_line(self, connection):
        data = b""
        while not data.endswith(b"\n"):
            chunk = connection.recv(4096)
            if not chunk:
                break
            data += chunk
        return json.loads(data) if data else None

    def test_an_app_without_the_token_or_of_another_version_is_refused(self):
        for hello, code in [(self.hello(token="wrong"), "bad_token"), (self.hello(version=2), "version"),
                            ({"hello": 1}, "not_uno_inspection")]:
            connection = self.connect(hello)
            answer = self.read_line(connection)
            self.assertEqual(answer["type"], "refused")
            self.assertEqual(answer["code"], code)
            self.assertEqual(connection.recv(1), b"")  # closed
            connection.close()
        self.assertEqual(self.inspector.app_sessions(), [])

    def test_hostile_lines_are_refused_without_touching_other_sessions(self):
        app = App(self.inspector.app_port)
        try:
            session = eventually(lambda: self.inspector.app_sessions(), "the app's session")[0]["session"]
            connection = self.connect(self.hello())
            self.assertEqual(self.read_line(connection)["type"], "welcome")
            corpus = ROOT / "Tests" / "Fixtures" / "JSONTestSuite" / "test_parsing"
            lines = [path.read_bytes().replace(b"\n", b" ") for path in sorted(corpus.glob("*.json"))]
            lines += [b'{"type":"entry","session":99,"kind":"action","state":{}}', b'{"type":"opened"}',
                      b'{"type":"nope","session":1}', b"[]", b'{"type":"reply","request":"x"}',
                      b"x" * (17 << 20)]
            connection.sendall(b"\n".join(lines) + b"\n" + b'{"type":"opened","session":1,"feature":"Half","st')
            connection.close()  # a truncated frame
            app.command("add Milk")
            eventually(lambda: any(e.get("action") == {"add": {"title": "Milk"}}
                                   for e in self.inspector.timeline(session)["entries"]), "the app's session untouched")
            # Whatever the corpus opened, the inspector still answers.
            self.inspector.get("/api/sessions")
        finally:
            app.stop()


def shutil_which_chromium():
    import shutil
    return shutil.which("chromium") or shutil.which("chromium-browser")


if __name__ == "__main__":
    unittest.main()

"""What the inspector's browser tests share: a process's JSON lines followed as they come, and a
process's resident memory."""

import json
import threading
from pathlib import Path


class JSONLines:
    """The JSON lines a process writes to `stream`, read on a thread as they come."""

    def __init__(self, stream, hang_seconds, who):
        self.lines = []
        self.changed = threading.Condition()
        self.hang_seconds = hang_seconds
        self.who = who
        threading.Thread(target=self._read, args=(stream,), daemon=True).start()

    def _read(self, stream):
        for line in stream:
            with self.changed:
                self.lines.append(json.loads(line))
                self.changed.notify_all()

    def wait_for(self, predicate, after=0):
        """The first line from `after` on that satisfies `predicate`, once there is one."""
        with self.changed:
            found = self.changed.wait_for(
                lambda: next((l for l in self.lines[after:] if predicate(l)), None), self.hang_seconds)
        if not found:
            raise AssertionError(f"{self.who} never wrote such a line; it wrote {self.lines[-5:]}")
        return found


def resident_kilobytes(pid):
    """The process's resident memory (Linux)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError("no VmRSS")

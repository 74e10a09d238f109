"""Drives console programs line by line for scripts/test-package-windows.sh: starts a
program with piped standard input and output, waits for the lines it should write (with a
deadline: a hang fails), types lines, kills it. A small `expect`, so that a game under Wine
and a board simulated beside it go step by step, never by sleeps.

    python3 drive.py SCRIPT.json     runs the steps of SCRIPT (see run()); exit 1 on failure
"""

import json
import os
import queue
import signal
import subprocess
import sys
import threading
import time


class Program:
    def __init__(self, name, argv, env):
        self.name = name
        self.proc = subprocess.Popen(
            argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
            env=env, start_new_session=True)
        self.lines = queue.Queue()
        self.transcript = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for raw in self.proc.stdout:
            self.lines.put(raw.decode("utf-8", "replace").rstrip("\r\n"))
        self.lines.put(None)

    def type(self, line):
        self.proc.stdin.write((line + "\r\n").encode("utf-8"))
        self.proc.stdin.flush()

    def expect(self, wanted, exact, seconds):
        deadline = time.monotonic() + seconds
        while True:
            left = deadline - time.monotonic()
            try:
                line = self.lines.get(timeout=max(left, 0.01))
            except queue.Empty:
                fail(f"{self.name}: no line {wanted!r} within {seconds} s", self)
            if line is None:
                fail(f"{self.name} ended before a line {wanted!r}", self)
            self.transcript.append(line)
            if (line == wanted) if exact else (wanted in line):
                return line

    def wait(self, seconds):
        try:
            self.proc.stdin.close()
        except BrokenPipeError:
            pass
        try:
            code = self.proc.wait(timeout=seconds)
        except subprocess.TimeoutExpired:
            fail(f"{self.name} did not end within {seconds} s", self)
        while True:
            try:
                line = self.lines.get(timeout=1)
            except queue.Empty:
                break
            if line is None:
                break
            self.transcript.append(line)
        return code

    def kill(self):
        os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait()


def fail(message, program=None):
    print(f"drive: FAIL: {message}", file=sys.stderr)
    if program is not None:
        print("--- output so far ---\n" + "\n".join(program.transcript), file=sys.stderr)
    sys.exit(1)


def run(script):
    """Steps: ["start", NAME, ARGV], ["type", NAME, LINE], ["expect", NAME, TEXT] (a line
    containing TEXT), ["exact", NAME, LINE], ["wait", NAME, EXIT CODE], ["kill", NAME],
    ["save", NAME, FILE] (its transcript)."""
    env = dict(os.environ)
    programs = {}
    seconds = script.get("seconds", 60)
    for step in script["steps"]:
        kind, name = step[0], step[1]
        if kind == "start":
            programs[name] = Program(name, step[2], env)
        elif kind == "type":
            programs[name].type(step[2])
        elif kind == "expect":
            programs[name].expect(step[2], False, seconds)
        elif kind == "exact":
            programs[name].expect(step[2], True, seconds)
        elif kind == "wait":
            code = programs[name].wait(seconds)
            if code != step[2]:
                fail(f"{name} ended with {code}, not {step[2]}", programs[name])
        elif kind == "kill":
            programs[name].kill()
        elif kind == "save":
            with open(step[2], "w", encoding="utf-8") as out:
                out.write("\n".join(programs[name].transcript) + "\n")
        else:
            fail(f"unknown step {step!r}")
    for program in programs.values():
        if program.proc.poll() is None:
            program.kill()


if __name__ == "__main__":
    with open(sys.argv[1], encoding="utf-8") as f:
        run(json.load(f))

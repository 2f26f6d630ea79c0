#!/usr/bin/env python3
"""A faulty implementation of the conformance protocol, for the runner's tests (CS-5).

It passes every request on to a real implementation (the command after `--`) and its
replies back, but for one fault:

    faulty.py change-field CASE FIELD JSON -- COMMAND...   the first frame line of CASE's trace
                                                           gets FIELD (a dotted path) = JSON
    faulty.py observe-only FIELDS CASE FIELD JSON -- ...    the ready reply says it observes only the
                                                           frame FIELDS (comma-separated) and no
                                                           event field; CASE's FIELD as change-field
    faulty.py no-features -- COMMAND...                    the ready reply declares no feature
    faulty.py error CASE -- COMMAND...                     CASE is answered with an error
    faulty.py skip CASE -- COMMAND...                      CASE is answered as skipped
    faulty.py garbage CASE -- COMMAND...                   the reply to CASE is not JSON
    faulty.py wrong-id CASE -- COMMAND...                  the reply to CASE names another case
    faulty.py hang CASE -- COMMAND...                      no reply to CASE, ever
    faulty.py exit CASE -- COMMAND...                      exits with status 3 on CASE
    faulty.py endless CASE -- COMMAND...                   the reply to CASE is a line without end
"""

import json
import subprocess
import sys
import time

separator = sys.argv.index("--")
fault, arguments, command = sys.argv[1], sys.argv[2:separator], sys.argv[separator + 1:]
observed = None
if fault == "observe-only":
    observed, arguments, fault = arguments[0].split(","), arguments[1:], "change-field"
target = arguments[0] if arguments else None
child = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)


def forward(line):
    child.stdin.write(line)
    child.stdin.flush()
    return child.stdout.readline()


def write(text):
    sys.stdout.write(text)
    sys.stdout.flush()


for line in sys.stdin:
    request = json.loads(line)
    command_name, case = request.get("cmd"), request.get("id")
    if command_name == "stop":
        forward(line)
        child.wait()
        sys.exit(0)
    if command_name == "run" and case == target:
        if fault == "garbage":
            write("this is not JSON\n")
            continue
        if fault in ("error", "skip"):
            member = "error" if fault == "error" else "skipped"
            write(json.dumps({"id": case, member: "the faulty implementation's " + fault}) + "\n")
            continue
        if fault == "hang":
            time.sleep(3600)
        if fault == "exit":
            sys.exit(3)
        if fault == "endless":
            chunk = "x" * (1 << 20)
            while True:
                write(chunk)
    reply = forward(line)
    if command_name == "start" and fault == "no-features":
        answer = json.loads(reply)
        answer["features"] = []
        reply = json.dumps(answer) + "\n"
    if command_name == "start" and observed is not None:
        answer = json.loads(reply)
        answer["fields"] = {"event": [], "frame": observed}
        reply = json.dumps(answer) + "\n"
    if command_name == "run" and case == target:
        answer = json.loads(reply)
        if fault == "wrong-id":
            answer["id"] = case + "-other"
        if fault == "change-field":
            path, value = arguments[1].split("."), json.loads(arguments[2])
            frame = next(line for line in answer["trace"] if line.get("kind") == "frame")
            for name in path[:-1]:
                frame = frame[name]
            frame[path[-1]] = value
        reply = json.dumps(answer) + "\n"
    write(reply)

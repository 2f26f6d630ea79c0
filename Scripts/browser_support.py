"""Headless Chromium over the DevTools protocol, for the browser scripts.

Chromium is driven over --remote-debugging-pipe (fds 3 and 4) with the
standard library only; a static server serves a folder. Used by
test-playground.py, test-element.py, test-web-animations.py and
bench-web-hosts.py.
"""

import base64
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from png_pixels import decode  # noqa: E402

PROGRESS_BLUE = (0x00, 0x7D, 0xBC)


class Browser:
    """Chromium driven over the DevTools protocol on a pipe (fds 3 and 4)."""

    def __init__(self, width=1100, height=800):
        # A fresh profile folder per browser, removed by close(): two browser
        # scripts may run at once (one profile folder is locked by one Chromium).
        self.profile = tempfile.mkdtemp(prefix="chromium-profile-")
        to_browser_read, self.to_browser = os.pipe()
        self.from_browser, from_browser_write = os.pipe()

        def wire():
            os.dup2(to_browser_read, 3)
            os.dup2(from_browser_write, 4)

        chromium = next(
            (name for name in ("chromium", "chromium-browser", "google-chrome")
             if subprocess.call(["sh", "-c", f"command -v {name}"], stdout=subprocess.DEVNULL) == 0),
            None)
        if chromium is None:
            raise SystemExit("browser_support: chromium not found")
        self.process = subprocess.Popen(
            [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
             "--remote-debugging-pipe", f"--window-size={width},{height}",
             "--user-data-dir=" + self.profile, "about:blank"],
            pass_fds=(3, 4), preexec_fn=wire, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_browser_read)
        os.close(from_browser_write)
        self.buffer = b""
        self.next_id = 0
        self.session = None
        # The messages of the trace start_trace began, until end_trace.
        self.trace = None
        target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        self.call("Page.enable")
        self.call("Runtime.enable")

    def call(self, method, params=None):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if self.session and not method.startswith("Target."):
            message["sessionId"] = self.session
        os.write(self.to_browser, json.dumps(message).encode() + b"\0")
        while True:
            reply = self.receive()
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            if "method" in reply:
                self.event(reply)

    def receive(self):
        """The next message from the browser: a reply or an event."""
        while b"\0" not in self.buffer:
            chunk = os.read(self.from_browser, 1 << 20)
            if not chunk:
                raise RuntimeError("chromium closed the pipe")
            self.buffer += chunk
        raw, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(raw)

    def event(self, message):
        """An event that arrived while waiting for a reply: a trace's data is kept for end_trace, the rest dropped."""
        if self.trace is not None and message.get("method") in ("Tracing.dataCollected", "Tracing.tracingComplete"):
            self.trace.append(message)

    def start_trace(self, categories):
        """Starts tracing `categories` (the trace's events are answered by end_trace)."""
        self.trace = []
        self.call("Tracing.start", {"traceConfig": {"includedCategories": categories},
                                    "transferMode": "ReportEvents"})

    def end_trace(self):
        """Ends the trace start_trace began; answers its events."""
        self.call("Tracing.end")
        while not any(m["method"] == "Tracing.tracingComplete" for m in self.trace):
            self.event(self.receive())
        events = [e for m in self.trace if m["method"] == "Tracing.dataCollected" for e in m["params"]["value"]]
        self.trace = None
        return events

    def evaluate(self, expression):
        result = self.call("Runtime.evaluate", {
            "expression": expression, "returnByValue": True, "awaitPromise": True})
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def wait_for(self, expression, timeout=20):
        deadline = time.time() + timeout
        while time.time() < deadline:
            if self.evaluate(expression):
                return
            time.sleep(0.05)
        raise RuntimeError(f"timed out waiting for {expression}")

    def screenshot(self, selector):
        return self.screenshot_of(f"document.querySelector({json.dumps(selector)})")

    def screenshot_of(self, expression):
        """A screenshot of the box of the element `expression` evaluates to."""
        box = self.evaluate(
            f"(() => {{ const r = ({expression}).getBoundingClientRect();"
            " return [r.x, r.y, r.width, r.height]; })()")
        data = self.call("Page.captureScreenshot", {"format": "png", "clip": {
            "x": box[0], "y": box[1], "width": box[2], "height": box[3], "scale": 1}})["data"]
        return base64.b64decode(data)

    def close(self):
        try:
            self.call("Browser.close")
        except Exception:
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        shutil.rmtree(self.profile, ignore_errors=True)


def blue_columns(png):
    """The x range of the progress colour's pixels, or None."""
    width, height, pixels = decode(png)  # RGB
    columns = []
    for x in range(width):
        for y in range(height):
            offset = (y * width + x) * 3
            if all(abs(pixels[offset + k] - PROGRESS_BLUE[k]) <= 24 for k in range(3)):
                columns.append(x)
                break
    return (columns[0], columns[-1], len(columns), width) if columns else None


def text_pixels(png):
    """The number of pixels in the text colour (#001018), antialiasing aside."""
    width, height, pixels = decode(png)
    return sum(1 for i in range(0, len(pixels), 3)
               if pixels[i] < 60 and pixels[i + 1] < 70 and pixels[i + 2] < 80)


def site_with(outdir, pages, prefix="site-"):
    """A temporary folder holding OUTDIR's files and `pages` ({name: text}); the caller removes it."""
    site = tempfile.mkdtemp(prefix=prefix)
    for name in os.listdir(outdir):
        if os.path.isfile(os.path.join(outdir, name)):
            shutil.copy(os.path.join(outdir, name), site)
    for name, text in pages.items():
        with open(os.path.join(site, name), "w") as page:
            page.write(text)
    return site


def serve(directory):
    probe = socket.socket()
    probe.bind(("127.0.0.1", 0))
    port = probe.getsockname()[1]
    probe.close()
    server = subprocess.Popen(
        [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1", "--directory", directory],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.time() + 10
    while time.time() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return server, port
        except OSError:
            time.sleep(0.05)
    server.kill()
    raise SystemExit("browser_support: the static server did not start")

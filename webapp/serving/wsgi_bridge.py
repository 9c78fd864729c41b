"""The Flask app behind the event loop: one hop to a worker thread and one back.

A request's body is read whole on the event loop (the server caps its size), the app
runs on a worker thread and its answer is collected whole there, and the event loop
sends it. A general ASGI-to-WSGI bridge (a2wsgi) crosses between the threads at every
step instead — the body, the status line, each chunk, the end — and each crossing
waits for the other side, which under taps from several tables at once added to
every tap (make bench: about 10 % more taps a second without them).

Every answer of the app is finite and small (a page, a fragment, a stream's opening
or update, a game file), which is what makes collecting it whole right here.
"""

from __future__ import annotations

import asyncio
import contextvars
import functools
import io
import sys
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from a2wsgi.wsgi import build_environ

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
Headers = list[tuple[bytes, bytes]]
WSGIApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]


class WholeAnswers:
    """An ASGI app (HTTP only) serving `app` on a pool of `workers` threads."""

    def __init__(self, app: WSGIApp, *, workers: int) -> None:
        self.app = app
        self.executor = ThreadPoolExecutor(thread_name_prefix="botdeck", max_workers=workers)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        body = bytearray()
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return  # gone before it finished asking: nothing to answer
            body += message.get("body", b"")
            if not message.get("more_body", False):
                break
        environ: dict[str, Any] = dict(build_environ(scope, io.BytesIO(body)))  # type: ignore[arg-type]
        environ["wsgi.input_terminated"] = True  # the whole body is there, length or not
        environ["wsgi.errors"] = sys.stderr  # the app's errors with the server's (a2wsgi: stdout)
        context = contextvars.copy_context()
        status, headers, answer = await asyncio.get_running_loop().run_in_executor(
            self.executor, functools.partial(context.run, self._answer, environ)
        )
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": answer})

    def _answer(self, environ: dict[str, Any]) -> tuple[int, Headers, bytes]:
        """On a worker thread: the app's whole answer."""
        status = 0
        headers: Headers = []
        chunks: list[bytes] = []

        def start_response(
            line: str, given: list[tuple[str, str]], exc_info: Any = None
        ) -> Callable[[bytes], None]:
            nonlocal status, headers
            if status and exc_info is None:
                # internal: the WSGI app broke PEP 3333, no player input can cause it
                raise RuntimeError("start_response called twice without exc_info")
            # (with exc_info, an error page replaces the answer: nothing was sent yet)
            status = int(line.split(" ", 1)[0])
            headers = [(k.strip().lower().encode("latin-1"), v.encode("latin-1")) for k, v in given]
            return chunks.append

        iterable = self.app(environ, start_response)
        try:
            chunks.extend(iterable)
        finally:
            close = getattr(iterable, "close", None)
            if close is not None:
                close()
        return status, headers, b"".join(chunks)

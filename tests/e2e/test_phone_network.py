"""The phones that are not the host are browsers in a network of their own (tests/phone_network.py):
their requests come from the phones' address, never from this machine's, and a phone's link opened
in the host's browser is refused by the tests' own AppPage."""

from __future__ import annotations

import http.server
import threading

import pytest

from tests import phone_network
from tests.browser import AppPage, free_port


def test_a_phone_reaches_the_server_from_the_phones_own_address(browser, phone_browser) -> None:
    seen: list[str] = []

    class Answer(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            seen.append(self.client_address[0])
            self.send_response(200)
            self.end_headers()
            self.wfile.write(b"<p>here</p>")

        def log_message(self, *args) -> None:
            pass

    server = http.server.ThreadingHTTPServer((phone_network.ensure(), free_port()), Answer)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://{phone_network.SERVER_ADDRESS}:{server.server_address[1]}/"
    try:
        context = phone_browser.new_context()
        page = context.new_page()
        page.goto(url)
        assert page.text_content("p") == "here"
        assert seen and set(seen) == {phone_network.PHONE_ADDRESS}, seen
        context.close()
        host = browser.new_context()
        with pytest.raises(AssertionError, match="a phone's link opens in the phones' browser"):
            AppPage(host.new_page()).open(url)
        host.close()
    finally:
        server.shutdown()
        server.server_close()

"""The board's page in a real browser: Debian's chromium driven by Playwright, against real
daemons on loopback (the default SmolLM2 answering, no stand-in).

A chat round trip streamed from the local model; a server-side tool's card; the memory view's
sections adding up to ``GET /v1/sessions/{id}/context``; the board view matching
``GET /v1/status``; markup in a reply, a fact and a tool result shown as text; the token gate;
the page in Chinese; no Content-Security-Policy violation anywhere. With
``EDGE_AGENT_SCREENSHOTS=DIR`` the run saves a screenshot of each view there (``make
screenshots`` refreshes docs/img/ that way).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

from tests.servers import free_port

sync_api = pytest.importorskip("playwright.sync_api")
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no chromium here (make test installs Debian's)")
TOKEN = "page-token-0123456789abcdef"
TURN_S = 600_000       # ms: a reply of the local model on a loaded 2-core host
SHOTS = os.environ.get("EDGE_AGENT_SCREENSHOTS")


def http(base: str, path: str, token: str | None = None, method: str | None = None, body: dict | None = None):
    req = urllib.request.Request(base + path, method=method or ("POST" if body is not None else "GET"), data=json.dumps(body).encode() if body else None,
                                 headers={"Content-Type": "application/json",
                                          **({"Authorization": f"Bearer {token}"} if token else {})})
    try:
        with urllib.request.urlopen(req, timeout=600) as resp:
            raw = resp.read()
            return resp.status, json.loads(raw) if raw else None
    except urllib.error.HTTPError as err:
        return err.code, json.loads(err.read() or b"null")


def start_daemon(tmp: Path, **env: str):
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    environ = dict(os.environ, EDGE_AGENT_N_THREADS="1", EDGE_AGENT_MAX_REPLY_TOKENS="24",
                   EDGE_AGENT_FIRST_TOKEN_S="600", EDGE_AGENT_TOTAL_S="900",
                   EDGE_AGENT_TOOLS="device_status,remember,forget,schedule,list_schedules,cancel_schedule", **env)
    log = tmp / "daemon.log"
    with open(log, "w") as out:
        proc = subprocess.Popen([sys.executable, "-m", "edge_agent.cli", "serve", "--port", str(port), "--state-dir",
                                 str(tmp)], env=environ, stdout=out, stderr=subprocess.STDOUT)
    for _ in range(600):
        if proc.poll() is not None:
            raise RuntimeError(log.read_text())
        try:
            with urllib.request.urlopen(base + "/healthz", timeout=2):
                return proc, base
        except OSError:
            time.sleep(0.2)
    proc.kill()
    raise RuntimeError("the daemon never answered /healthz")


@pytest.fixture(scope="module")
def daemon(tmp_path_factory):
    proc, base = start_daemon(tmp_path_factory.mktemp("page"))
    yield base
    proc.terminate()
    assert proc.wait(60) == 0


@pytest.fixture(scope="module")
def guarded(tmp_path_factory):
    proc, base = start_daemon(tmp_path_factory.mktemp("guarded"), EDGE_AGENT_AUTH_TOKENS=TOKEN)
    yield base
    proc.terminate()
    assert proc.wait(60) == 0


@pytest.fixture(scope="module")
def browser():
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield b
        b.close()


class Page:
    """A tab, with what it reported: console errors (a CSP violation is one) and page errors."""

    def __init__(self, browser, base: str, locale: str = "en-US") -> None:
        self.context = browser.new_context(locale=locale, viewport={"width": 1280, "height": 900})
        self.tab = self.context.new_page()
        self.problems: list[str] = []
        self.tab.on("console", lambda m: self._console(m))
        self.tab.on("pageerror", lambda e: self.problems.append(f"page error: {e}"))
        self.tab.goto(base + "/")

    def _console(self, message) -> None:
        text = message.text
        if message.type == "error" and "404" not in text and "401" not in text:   # a new session is a 404
            self.problems.append(text)

    def send(self, text: str) -> None:
        n = self.tab.locator(".msg.assistant .meta").count()
        self.tab.fill("#input", text)
        self.tab.press("#input", "Enter")
        # locators, not wait_for_function: the page's CSP forbids the eval that one needs
        answered = self.tab.locator(".msg.assistant .meta").nth(n).filter(has_text=re.compile("answered by|回答来自"))
        answered.wait_for(timeout=TURN_S)

    def view(self, name: str) -> None:
        self.tab.click(f"nav button[data-view={name}]")
        self.tab.locator(f"#view-{name}").wait_for(state="visible")

    def shot(self, name: str) -> None:
        if SHOTS:
            Path(SHOTS).mkdir(parents=True, exist_ok=True)
            self.tab.screenshot(path=str(Path(SHOTS) / f"{name}.png"), full_page=True)

    def session(self) -> str:
        return self.tab.evaluate("localStorage.getItem('edge-agent-session')")

    def close(self) -> None:
        assert self.problems == []
        self.context.close()


@pytest.fixture(scope="module")
def chat(browser, daemon):
    """One tab with two turns done in it (a plain one, then one that forces device_status)."""
    page = Page(browser, daemon)
    tab = page.tab
    assert tab.evaluate("document.querySelector('textarea, input:not([type=hidden])').id") == "input"
    tab.evaluate("""window.__updates = 0;
        new MutationObserver((records) => { for (const r of records)
            if (r.target.closest && r.target.closest('.reply') || r.target.parentElement && r.target.parentElement.closest('.reply'))
                window.__updates++; })
        .observe(document.getElementById('messages'), {subtree: true, childList: true, characterData: true});""")
    page.send("What is the capital of France?")
    page.first_updates = tab.evaluate("window.__updates")
    tab.select_option("#tool-pick", "device_status")
    page.send("How is the board doing?")
    yield page
    page.close()


def test_chat_streams_the_local_reply(chat):
    tab = chat.tab
    reply = tab.locator(".msg.assistant .reply").first.inner_text()
    meta = tab.locator(".msg.assistant .meta").first.inner_text()
    assert reply.strip()
    assert "answered by local" in meta and "tokens" in meta and "first token" in meta
    assert chat.first_updates >= 2          # the reply arrived in more than one piece
    assert tab.locator(".msg.user").first.inner_text() == "What is the capital of France?"
    chat.shot("chat")


def test_a_server_tool_call_is_a_card(chat):
    card = chat.tab.locator(".tool-card").first
    assert "device_status" in card.inner_text() and "ok" in card.inner_text()
    result = json.loads(card.locator(".tool-result").inner_text())
    assert result["ram_mb"]["total"] > 0


def test_stop_cancels_the_turn(browser, daemon):
    page = Page(browser, daemon)
    tab = page.tab
    tab.click("#new-session")
    tab.fill("#input", "Write a long story about a lighthouse keeper.")
    tab.press("#input", "Enter")
    tab.click("#stop")          # a local turn takes seconds to its first token; the click, milliseconds
    tab.locator(".msg.assistant .meta").filter(has_text="stopped").wait_for()
    assert tab.locator("#send").is_enabled() and tab.locator("#stop").is_disabled()
    page.send("What is 2+2?")   # the session takes the next turn
    page.close()


def test_a_message_sent_before_the_session_list_arrives_stays(browser, daemon):
    """On a slow board the user types before "New session" has its list of sessions back: the
    history that arrives then is older than the page, and must not wipe the message sent (it
    did: the reply streamed into a bubble no longer on the page). The list's request is held
    here until the message is on the page."""
    page = Page(browser, daemon)
    tab = page.tab
    held, released = [], []
    tab.route(re.compile(r".*/v1/sessions$"), lambda route: route.continue_() if released else held.append(route))
    tab.click("#new-session")
    tab.fill("#input", "Say hello.")
    tab.press("#input", "Enter")
    tab.locator(".msg.user").filter(has_text="Say hello.").wait_for()
    for _ in range(2400):               # the list's request reaches the route (events run while waiting)
        if held:
            break
        tab.wait_for_timeout(50)
    assert held
    released.append(True)
    for route in held:
        route.continue_()
    tab.locator(".msg.assistant .meta").filter(has_text="answered by").wait_for(timeout=TURN_S)
    assert tab.locator(".msg.user").filter(has_text="Say hello.").count() == 1
    assert tab.locator(".msg.assistant .reply").first.inner_text().strip()
    page.close()


def test_memory_view_adds_up_to_the_context_route(chat, daemon):
    chat.view("memory")
    tab = chat.tab
    tab.wait_for_selector("#budget-bar span")
    status, ctx = http(daemon, f"/v1/sessions/{chat.session()}/context")
    assert status == 200
    shown = {s.get_attribute("class").removeprefix("sec-"): int(s.get_attribute("data-tokens"))
             for s in tab.locator("#budget-bar span").all()}
    free = shown.pop("free", 0)
    assert shown == {k: v for k, v in ctx["sections"].items() if v}
    assert sum(shown.values()) == ctx["tokens"] and free == ctx["budget"] - ctx["tokens"]
    assert tab.locator("#prompt-sections details").count() == len(ctx["messages"])


def test_memory_view_of_a_long_chinese_session(browser, daemon):
    """30 turns of the customer-service scenario, resent as one conversation: the fact table,
    the dated summary and what recall brings for a question, as the page shows them."""
    from edge_agent.scenario import conversation

    messages = [m for user, reply in conversation(30) for m in
                ({"role": "user", "content": user}, {"role": "assistant", "content": reply})]
    messages.append({"role": "user", "content": "好的，谢谢。"})
    status, _ = http(daemon, "/v1/chat/completions", body={"messages": messages, "session_id": "service",
                                                             "max_tokens": 4})
    assert status == 200
    page = Page(browser, daemon, locale="zh-CN")
    tab = page.tab
    tab.evaluate("localStorage.setItem('edge-agent-session', 'service')")
    tab.reload()
    page.view("memory")
    tab.wait_for_selector("#facts tbody tr:has-text('#20250115001')")
    assert tab.locator("#summary li").count() == len(http(daemon, "/v1/sessions/service")[1]["summary"]) > 0
    tab.fill("#probe", "工单号是多少？")
    tab.click("#probe-form button")
    tab.locator("#probe-out p").last.wait_for()
    ctx = http(daemon, "/v1/sessions/service/context?query=" + urllib.parse.quote("工单号是多少？"))[1]
    recalled = [m["content"] for m, label in zip(ctx["messages"], ctx["labels"]) if label == "recall"]
    shown = tab.locator("#probe-recall")
    assert (shown.inner_text() if shown.count() else "") == "\n".join(recalled)
    page.shot("memory")
    page.close()


def test_pin_and_forget_a_fact_from_the_page(chat, daemon):
    chat.view("memory")
    tab = chat.tab
    tab.fill("#pin-key", "order number")
    tab.fill("#pin-value", "20250115001")
    tab.click("#pin-form button")
    tab.wait_for_selector("#facts tbody tr:has-text('20250115001')")
    status, session = http(daemon, f"/v1/sessions/{chat.session()}")
    assert any(f["value"] == "20250115001" for f in session["facts"])
    tab.click("#facts tbody tr:has-text('20250115001') button")
    tab.wait_for_selector("#facts tbody tr:has-text('20250115001')", state="detached")
    assert not any(f["value"] == "20250115001" for f in http(daemon, f"/v1/sessions/{chat.session()}")[1]["facts"])


def test_board_view_matches_the_status_route(chat, daemon):
    chat.view("board")
    tab = chat.tab
    tab.wait_for_selector("[data-card=ring]")
    status = http(daemon, "/v1/status")[1]
    assert tab.locator("[data-card=ring] b").inner_text() == status["ring"]
    assert tab.locator("[data-card=sessions] b").inner_text() == str(status["sessions_in_ram"])
    local = tab.locator("[data-card=backend-local] b").inner_text()
    assert status["backends"][0]["model"] in local and "loaded" in local
    assert f"KV {status['backends'][0]['kv_cache']} {status['backends'][0]['kv_cache_mb']} MiB" in local
    assert tab.locator("#rss-chart svg polyline").count() == 1
    assert tab.locator("#tokens-chart svg polyline").count() == 2
    assert "listening on" in tab.locator("#log").inner_text()
    chat.shot("board")


def test_tools_view_lists_tools_audit_and_schedules(chat, daemon):
    chat.view("tools")
    tab = chat.tab
    tab.wait_for_selector("#tools tbody tr:has-text('device_status')")
    tab.wait_for_selector("#audit tbody tr:has-text('device_status')")
    tab.fill("#schedule-text", "water the plants")
    tab.fill("#schedule-in", "3600")
    tab.click("#schedule-form button")
    tab.wait_for_selector("#schedules tbody tr:has-text('water the plants')")
    chat.shot("tools")
    tab.click("#schedules tbody tr:has-text('water the plants') button")
    tab.wait_for_selector("#schedules tbody tr:has-text('water the plants')", state="detached")
    assert http(daemon, "/v1/schedules")[1]["data"] == []


def test_sessions_view_lists_and_deletes(browser, daemon):
    http(daemon, "/v1/chat/completions", body={"messages": [{"role": "user", "content": "hi"}],
                                                "session_id": "to-delete", "max_tokens": 4})
    page = Page(browser, daemon)
    page.view("sessions")
    tab = page.tab
    row = tab.locator("tr[data-session='to-delete']")
    row.wait_for()
    assert row.locator("td").nth(2).inner_text() == "2"
    tab.once("dialog", lambda d: d.accept())
    row.locator("button").nth(2).click()
    row.wait_for(state="detached")
    assert http(daemon, "/v1/sessions/to-delete")[0] == 404
    page.shot("sessions")
    page.close()


MARKUP = '<img src=x onerror="window.__owned=1"><script>window.__owned=2</script><b>bold</b>'


def test_markup_in_replies_facts_and_results_is_text(browser, daemon):
    conversation = [{"role": "user", "content": "show me markup"}, {"role": "assistant", "content": MARKUP},
                    {"role": "user", "content": "thanks"}]
    status, _ = http(daemon, "/v1/chat/completions", body={"messages": conversation, "session_id": "markup",
                                                             "max_tokens": 4})
    assert status == 200
    http(daemon, "/v1/sessions/markup/facts", method="POST", body={"key": "html", "value": MARKUP})
    page = Page(browser, daemon)
    tab = page.tab
    tab.evaluate("localStorage.setItem('edge-agent-session', 'markup')")
    tab.reload()
    bubble = tab.locator(".msg.assistant").first
    bubble.wait_for()
    assert bubble.inner_text().strip() == MARKUP
    page.view("memory")
    tab.wait_for_selector("#facts tbody tr:has-text('onerror')")
    assert tab.locator("#facts tbody tr:has-text('onerror') td").nth(1).inner_text() == MARKUP
    assert tab.evaluate("window.__owned") is None
    assert tab.locator("#messages img, #messages script, #messages b, #facts img, #facts b").count() == 0
    page.close()


def test_the_token_gate(browser, guarded):
    assert http(guarded, "/v1/board")[0] == 401
    page = Page(browser, guarded)
    tab = page.tab
    tab.wait_for_selector("#login[open]")
    tab.fill("#token", "not-the-token")
    tab.click("#login-form button")
    tab.wait_for_selector("#login-error:has-text('refused')")
    tab.fill("#token", TOKEN)
    tab.click("#login-form button")
    tab.locator("#login").wait_for(state="hidden")
    page.view("board")
    tab.wait_for_selector("[data-card=ring]")
    assert "only when the daemon has no auth_tokens" in tab.locator("#log").inner_text()
    assert tab.evaluate("sessionStorage.getItem('edge-agent-token')") == TOKEN
    assert page.context.cookies() == []
    page.close()


def test_the_page_in_chinese(browser, daemon):
    page = Page(browser, daemon, locale="zh-CN")
    tab = page.tab
    tab.locator("html[lang='zh-CN']").wait_for(state="attached")
    assert tab.locator("nav button[data-view=chat]").inner_text() == "对话"
    assert tab.get_attribute("#input", "placeholder").startswith("输入消息")
    page.view("board")
    tab.wait_for_selector("[data-card=ring]")
    page.shot("board-zh")
    tab.click("#lang")
    tab.locator("html[lang='en']").wait_for(state="attached")
    assert tab.locator("nav button[data-view=chat]").inner_text() == "Chat"
    page.close()


def test_page_headers_and_weight(daemon):
    with urllib.request.urlopen(daemon + "/") as resp:
        csp = resp.headers["Content-Security-Policy"]
        assert "script-src 'self'" in csp and "unsafe-inline" not in csp and "frame-ancestors 'none'" in csp
        assert resp.headers["X-Content-Type-Options"] == "nosniff"
        html = resp.read().decode()
    assert "<script>" not in html and "http://" not in html and "https://" not in html   # nothing inline or outside
    from edge_agent.api import page

    assert page.weight() < 64 * 1024

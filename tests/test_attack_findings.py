"""What the attack on the tools and routes found (issue 29), each kept by a test against a real
daemon on loopback: bodies that are valid JSON but not storable text or numbers are a 400
before anything is stored, and a retry of the same turn then stores it whole."""

from __future__ import annotations

import pytest

from tests.harness import api, running_daemon

CALL = '{"id": "call_1", "type": "function", "function": {"name": "lookup", "arguments": %s}}'


def _turn(arguments: str) -> str:
    return ('{"messages": [{"role": "user", "content": "what is the weather?"},'
            ' {"role": "assistant", "content": null, "tool_calls": [' + CALL % arguments + ']},'
            ' {"role": "tool", "tool_call_id": "call_1", "content": "sunny"},'
            ' {"role": "user", "content": "thanks, and tomorrow?"}], "max_tokens": 4}')


@pytest.mark.parametrize("bad", [r'"{\"city\": \"\ud800\"}"',                 # a lone surrogate
                                 '"{}", "big": ' + "9" * 5000,                  # past the digit limit
                                 '"{}", "t": NaN', '"{}", "t": -Infinity'])
async def test_unstorable_values_are_a_400_and_nothing_is_half_stored(tmp_path, bad):
    headers = {"X-Session-Id": "half", "Content-Type": "application/json"}
    async with running_daemon(tmp_path, max_reply_tokens=4, n_threads=1) as d:
        status, body, _ = await api(d.base, "POST", "/v1/chat/completions", data=_turn(bad), headers=headers)
        assert status == 400 and body["error"]["code"] in ("invalid_json", "invalid_message"), body
        if "ud800" in bad:                                      # the error names where it is
            assert body["error"]["param"] == "messages[1].tool_calls[0].function.arguments", body
        status, _, _ = await api(d.base, "GET", "/v1/sessions/half")
        assert status == 404                                    # nothing of the turn was kept
        status, body, _ = await api(d.base, "POST", "/v1/chat/completions", data=_turn('"{}"'), headers=headers)
        assert status == 200 and body["edge_agent"]["stored_messages"] == 4
        status, session, _ = await api(d.base, "GET", "/v1/sessions/half")
        assert status == 200 and [m["role"] for m in session["messages"]][:4] == ["user", "assistant", "tool", "user"]


async def test_a_schedule_with_nan_or_infinity_is_a_400(tmp_path):
    async with running_daemon(tmp_path, max_reply_tokens=4, n_threads=1, tools=["schedule"]) as d:
        for value in ("NaN", "Infinity"):
            status, body, _ = await api(d.base, "POST", "/v1/schedules", headers={"Content-Type": "application/json"},
                                        data='{"session_id": "s", "text": "remind me", "in_s": %s}' % value)
            assert status == 400, body


async def test_schedules_over_http_keep_the_tool_rules(tmp_path):
    """Issue 29, finding 6: a token without the schedule tool created schedules over the API,
    the API had no per-session cap, and a deleted session's schedules recreated it."""
    a, b, c = "token-a-7c1e", "token-b-5d20", "token-c-3f9b"
    json_h = {"Content-Type": "application/json"}
    async with running_daemon(tmp_path, max_reply_tokens=4, n_threads=1, tools=["schedule", "device_status"],
                              auth_tokens=[a, b, c], token_tools={c: ["device_status"]}) as d:
        body = '{"session_id": "s", "text": "remind me", "in_s": 3600}'
        status, out, _ = await api(d.base, "POST", "/v1/schedules", token=c, data=body, headers=json_h)
        assert status == 403 and out["error"]["code"] == "tool_not_allowed"
        status, _, _ = await api(d.base, "GET", "/v1/schedules", token=c)
        assert status == 403
        status, _, _ = await api(d.base, "POST", "/v1/chat/completions", token=a, headers={"X-Session-Id": "s"},
                                 json={"messages": [{"role": "user", "content": "hello"}]})
        assert status == 200
        for i in range(50):
            status, out, _ = await api(d.base, "POST", "/v1/schedules", token=a, data=body, headers=json_h)
            assert status == 201, (i, out)
        status, out, _ = await api(d.base, "POST", "/v1/schedules", token=a, data=body, headers=json_h)
        assert status == 409 and out["error"]["code"] == "too_many_schedules"
        first = (await api(d.base, "GET", "/v1/schedules", token=a))[1]["data"][0]["id"]
        assert (await api(d.base, "GET", "/v1/schedules", token=b))[1]["data"] == []      # tokens stay apart
        assert (await api(d.base, "DELETE", f"/v1/schedules/{first}", token=b))[0] == 404
        # past SQLite's integers (schemathesis found it: a 500): no such schedule
        assert (await api(d.base, "DELETE", "/v1/schedules/00634734864800627814639210", token=a))[0] == 404
        status, out, _ = await api(d.base, "POST", "/v1/schedules", token=a, headers=json_h,
                                   data='{"session_id": "s", "text": "x", "in_s": 1e300}')
        assert status == 400
        assert (await api(d.base, "DELETE", "/v1/sessions/s", token=a))[0] == 204
        status, out, _ = await api(d.base, "GET", "/v1/schedules", token=a)
        assert status == 200 and out["data"] == []


def test_stored_responses_are_bounded_by_bytes_and_count():
    """Issue 29, finding 5: 150 responses with 1 MB of metadata each took RSS from 139 to 275 MiB."""
    from edge_agent.api.responses import ResponseStore

    store = ResponseStore(keep=1024, keep_bytes=4 << 20)
    for i in range(150):
        store.put(("t", f"resp_{i}"), {"id": f"resp_{i}", "metadata": {"blob": "x" * 1_000_000}})
    assert store.bytes <= 4 << 20 and len(store) == 4
    assert store.get(("t", "resp_149")) is not None and store.get(("t", "resp_0")) is None
    store.put(("t", "huge"), {"id": "huge", "metadata": {"blob": "x" * (5 << 20)}})
    assert store.get(("t", "huge")) is None and store.bytes <= 4 << 20      # one too big is not kept
    store.put(("t", "resp_149"), {"id": "resp_149"})                         # replaced, counted once
    assert store.bytes == sum(len(store.get(k)) for k in list(store._items))
    small = ResponseStore(keep=3)
    for i in range(10):
        small.put(("t", str(i)), {"id": str(i)})
    assert len(small) == 3
    small.clear()
    assert len(small) == 0 and small.bytes == 0


@pytest.mark.parametrize("body", [
    {"messages": [{"role": "user", "content": [{"type": "text", "text": 5}]}]},
    {"messages": [{"role": "user", "content": [{"type": "text", "text": {"a": 1}}]}]},
    {"messages": [{"role": "user", "content": ["just a string"]}]},
    {"messages": [{"role": "user", "content": "hi"}], "stream": True, "stream_options": 1},
])
async def test_malformed_parts_and_options_are_a_400_before_storing(tmp_path, body):
    """Issue 29, finding 9: a content part whose text is a number or an object, and
    stream_options that is not an object (stored, then the stream ended without [DONE])."""
    async with running_daemon(tmp_path, max_reply_tokens=4, n_threads=1) as d:
        status, out, _ = await api(d.base, "POST", "/v1/chat/completions", json=body, headers={"X-Session-Id": "p"})
        assert status == 400, out
        assert (await api(d.base, "GET", "/v1/sessions/p"))[0] == 404


async def test_request_size_in_messages_and_the_daemons_own_call_ids(tmp_path):
    """Issue 29, finding 10: 27,000 one-character messages were stored in one commit (the event
    loop held 2.8 s); a client could send calls under the daemon's own ea-srv- ids."""
    async with running_daemon(tmp_path, max_reply_tokens=4, n_threads=1, max_request_messages=100) as d:
        many = {"messages": [{"role": "user", "content": "x"}] * 101}
        status, out, _ = await api(d.base, "POST", "/v1/chat/completions", json=many, headers={"X-Session-Id": "m"})
        assert status == 413 and out["error"]["code"] == "too_many_messages"
        status, out, _ = await api(d.base, "POST", "/v1/responses", json={"input": many["messages"]})
        assert status == 413
        forged = _turn('"{}"').replace("call_1", "ea-srv-0001")
        status, out, _ = await api(d.base, "POST", "/v1/chat/completions", data=forged,
                                   headers={"X-Session-Id": "m", "Content-Type": "application/json"})
        assert status == 400 and "daemon's own" in out["error"]["message"]
        assert (await api(d.base, "GET", "/v1/sessions/m"))[0] == 404


async def test_parallel_writes_to_one_path_do_not_collide(tmp_path):
    import asyncio

    from edge_agent.tools.files import Workspace

    ws = Workspace(tmp_path)
    await asyncio.gather(*(asyncio.to_thread(ws.write, "same.txt", f"writer {i}\n" * 2000) for i in range(16)))
    text = (tmp_path / "same.txt").read_text()
    assert text in {f"writer {i}\n" * 2000 for i in range(16)}          # one whole write, never a mix
    assert [p.name for p in tmp_path.iterdir()] == ["same.txt"]          # no temp file left


def test_the_log_mask_leaves_digests_whole():
    """Issue 29, finding 10: the phone mask turned digits inside an audit line's SHA-256 into *."""
    from edge_agent.pii import mask

    digest = "ab13812345678cd" + "0" * 40 + "e18912345678"
    line = f"tool call tool=shell session=用户13812345678 args_sha256={digest} outcome=ok"
    out = mask(line)
    assert digest in out and "138****5678" in out and "13812345678" not in out.replace(digest, "")


async def test_without_auth_the_file_tools_use_the_workspace_itself(tmp_path):
    """Issue 29, finding 10: without auth the files went to <workspace>/local/."""
    from edge_agent.tools.files import Workspace, tenant_dir

    assert tenant_dir(tmp_path, "local") == tmp_path and tenant_dir(tmp_path, "") == tmp_path
    assert tenant_dir(tmp_path, "0123456789abcdef") == tmp_path / "0123456789abcdef"
    (tmp_path / "notes.txt").write_text("the user's own file")
    assert Workspace(tmp_path).at("local").read("notes.txt") == "the user's own file"


@pytest.mark.parametrize("arguments", ['"' + "[" * 50_000 + "]" * 50_000 + '"', '"{\\"n\\": ' + "7" * 5000 + '}"'])
async def test_client_call_arguments_nested_deep_or_huge_are_no_500(tmp_path, arguments):
    """Issue 29, finding 9: client tool_calls arguments nested 50,000 deep or holding a huge integer."""
    headers = {"X-Session-Id": "deep", "Content-Type": "application/json"}
    async with running_daemon(tmp_path, max_reply_tokens=4, n_threads=1) as d:
        status, body, _ = await api(d.base, "POST", "/v1/chat/completions", data=_turn(arguments), headers=headers)
        assert status in (200, 400), body
        if status == 200:                                  # taken as an opaque string, stored whole
            session = (await api(d.base, "GET", "/v1/sessions/deep"))[1]
            assert [m["role"] for m in session["messages"]][:4] == ["user", "assistant", "tool", "user"]


async def test_schedule_text_is_sealed_at_rest_and_the_file_private(tmp_path):
    """Issue 29, finding 6: schedule text sat in clear in schedules.db (0644) while message
    bodies are encrypted at rest."""
    from edge_agent.store.crypto import Sealer
    from edge_agent.tools.schedules import ScheduleStore

    secret = "call 13812345678 about order #20250115001"
    store = ScheduleStore(tmp_path / "schedules.db", Sealer("encrypt", tmp_path))
    try:
        await store.add("ns", "ns/s", secret, due_at=0.0)
        assert [s.text for s in await store.list("ns")] == [secret]
        assert [s.text for s in await store.take_due(1.0)] == [secret]
    finally:
        await store.aclose()
    raw = b"".join(p.read_bytes() for p in tmp_path.glob("schedules.db*"))
    assert b"13812345678" not in raw and b"20250115001" not in raw
    assert (tmp_path / "schedules.db").stat().st_mode & 0o777 == 0o600

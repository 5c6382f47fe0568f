// edge-agent's page. Plain JavaScript, no build step, nothing from outside the daemon.
// Every text that comes from the daemon (replies, tool results, facts, log lines) is set as
// textContent, never parsed as HTML. The token (when the daemon has auth_tokens) lives in
// this tab's sessionStorage and travels as a bearer header.
"use strict";

const T = {
  en: {
    nav_chat: "Chat", nav_memory: "Memory", nav_board: "Board", nav_tools: "Tools", nav_sessions: "Sessions",
    session: "Session", new_session: "New session", send: "Send", stop: "Stop",
    input_hint: "Message (Enter sends, Shift+Enter: new line)", memory_of: "Memory of session",
    next_prompt: "The prompt the next turn would send", facts: "Key facts", fact: "Fact", value: "Value",
    turn: "Turn", date: "Date", superseded: "Superseded", pin: "Pin", summary: "Summary",
    recall_probe: "What recall brings for a question", question: "Question", show: "Show",
    rss_hour: "RSS, the last hour (MiB)", tokens_turn: "Tokens per turn, the last hour",
    watchdog_events: "Watchdog transitions", log: "Recent log lines", config: "Effective configuration",
    tools: "Tools", name: "Name", source: "Source", enabled: "Enabled", description: "Description",
    audit: "Audit log", time: "Time", outcome: "Outcome", duration: "Duration", schedules: "Schedules",
    text: "Text", next_run: "Next run", seconds_from_now: "seconds from now", create: "Create",
    last_activity: "Last activity", messages: "Messages", in_ram: "In RAM",
    token_needed: "This daemon needs a token: one of its auth_tokens (the config file or EDGE_AGENT_AUTH_TOKENS).",
    login: "Log in", bad_token: "That token was refused.", forget: "Forget", delete: "Delete", open: "Open",
    export: "Export JSON", yes: "yes", no: "no", tokens: "tokens", first_token: "first token",
    answered_by: "answered by", fallback: "fallback", none: "none", nothing_recalled: "Recall brings nothing for this question.",
    no_session: "No messages yet in this session.", free: "free", unbounded: "unbounded",
    ram: "RAM available", swap: "Swap used", psi: "Memory pressure (PSI some, 10 s)", cgroup: "cgroup limit",
    watchdog: "Watchdog", degrades: "degradations", backends: "Backends", model: "Model", ring: "Ring buffer",
    sessions_ram: "Sessions in RAM", rss: "Daemon RSS", model_process: "model process", no_data: "No data in the last hour yet.",
    log_hidden: "Log lines are shown only when the daemon has no auth_tokens (they hold every tenant's lines).",
    schedules_off: "Schedules are off: enable the 'schedule' tool.", ok: "ok", failed: "failed",
    confirm_delete: "Delete this session and its messages?", stopped: "stopped", loaded: "loaded", not_loaded: "not loaded",
    prompt_tokens: "prompt", completion_tokens: "reply", cut_loop: "cut: the reply repeated itself",
    tool_choice: "Tool", model_decides: "the model decides", chars: "characters",
    sec_system: "system", sec_facts: "facts", sec_summary: "summary", sec_recall: "recall", sec_recent: "recent",
  },
  zh: {
    nav_chat: "对话", nav_memory: "记忆", nav_board: "设备", nav_tools: "工具", nav_sessions: "会话",
    session: "会话", new_session: "新会话", send: "发送", stop: "停止",
    input_hint: "输入消息（Enter 发送，Shift+Enter 换行）", memory_of: "会话记忆",
    next_prompt: "下一轮将发送的提示词", facts: "关键事实", fact: "事实", value: "值",
    turn: "轮次", date: "日期", superseded: "旧值", pin: "固定", summary: "摘要",
    recall_probe: "检索会为这个问题带来什么", question: "问题", show: "查看",
    rss_hour: "最近一小时的内存占用 RSS（MiB）", tokens_turn: "最近一小时每轮的 token 数",
    watchdog_events: "看门狗切换记录", log: "最近的日志", config: "当前生效的配置",
    tools: "工具", name: "名称", source: "来源", enabled: "启用", description: "说明",
    audit: "审计日志", time: "时间", outcome: "结果", duration: "耗时", schedules: "定时任务",
    text: "内容", next_run: "下次运行", seconds_from_now: "秒后", create: "创建",
    last_activity: "最近活动", messages: "消息数", in_ram: "在内存中",
    token_needed: "此守护进程需要令牌：auth_tokens 中的一个（配置文件或 EDGE_AGENT_AUTH_TOKENS）。",
    login: "登录", bad_token: "令牌被拒绝。", forget: "忘记", delete: "删除", open: "打开",
    export: "导出 JSON", yes: "是", no: "否", tokens: "token", first_token: "首 token",
    answered_by: "回答来自", fallback: "回退", none: "无", nothing_recalled: "检索没有为这个问题找到内容。",
    no_session: "此会话还没有消息。", free: "剩余", unbounded: "不限",
    ram: "可用内存", swap: "已用交换区", psi: "内存压力（PSI some，10 秒）", cgroup: "cgroup 上限",
    watchdog: "看门狗", degrades: "次降级", backends: "后端", model: "模型", ring: "环形缓冲区",
    sessions_ram: "内存中的会话", rss: "守护进程 RSS", model_process: "模型进程", no_data: "最近一小时还没有数据。",
    log_hidden: "只有在未配置 auth_tokens 时才显示日志（日志包含所有租户的内容）。",
    schedules_off: "定时任务未启用：请启用 'schedule' 工具。", ok: "成功", failed: "失败",
    confirm_delete: "删除此会话及其全部消息？", stopped: "已停止", loaded: "已加载", not_loaded: "未加载",
    prompt_tokens: "提示", completion_tokens: "回复", cut_loop: "已截断：回复出现重复",
    tool_choice: "工具", model_decides: "由模型决定", chars: "字",
    sec_system: "系统", sec_facts: "事实", sec_summary: "摘要", sec_recall: "检索", sec_recent: "近期",
  },
};
const SECTIONS = ["system", "facts", "summary", "recall", "recent"];
const state = { lang: "en", view: "chat", session: "", controller: null, poll: null, sends: 0 };

function t(key) { return (T[state.lang] && T[state.lang][key]) || T.en[key] || key; }

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v);
  }
  for (const c of children) {
    if (c === null || c === undefined) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

function $(id) { return document.getElementById(id); }
function when(ts) { return ts ? new Date(ts * 1000).toLocaleString(state.lang === "zh" ? "zh-CN" : "en-GB") : ""; }
function day(ts) { return ts ? new Date(ts * 1000).toLocaleDateString(state.lang === "zh" ? "zh-CN" : "en-GB") : ""; }
function showError(message) { $("error").textContent = message || ""; }

// ---- language -------------------------------------------------------------------------
function applyLang() {
  document.documentElement.lang = state.lang === "zh" ? "zh-CN" : "en";
  document.querySelectorAll("[data-t]").forEach((n) => { n.textContent = t(n.dataset.t); });
  document.querySelectorAll("[data-tp]").forEach((n) => { n.placeholder = t(n.dataset.tp); });
  $("lang").textContent = state.lang === "zh" ? "English" : "中文";
}

// ---- the API, with the token gate ----------------------------------------------------
let loginWaiters = [];
function askToken() {
  return new Promise((resolve) => {
    loginWaiters.push(resolve);
    if (!$("login").open) $("login").showModal();
  });
}

async function api(path, options = {}, retry = true) {
  const headers = Object.assign({}, options.headers || {});
  const token = sessionStorage.getItem("edge-agent-token");
  if (token) headers.Authorization = "Bearer " + token;
  if (options.body && !headers["Content-Type"]) headers["Content-Type"] = "application/json";
  const resp = await fetch(path, Object.assign({}, options, { headers }));
  if (resp.status === 401 && retry) {
    if (token) { sessionStorage.removeItem("edge-agent-token"); $("login-error").textContent = t("bad_token"); }
    await askToken();
    return api(path, options, true);
  }
  return resp;
}

async function json(path, options) {
  const resp = await api(path, options);
  if (resp.status === 204) return null;
  const body = await resp.json().catch(() => ({}));
  if (!resp.ok) {
    const err = new Error((body.error && body.error.message) || resp.statusText);
    err.code = body.error && body.error.code;
    err.status = resp.status;
    throw err;
  }
  return body;
}

// ---- sessions ------------------------------------------------------------------------
function newSessionId() {
  const bytes = new Uint8Array(6);
  crypto.getRandomValues(bytes);
  return "web-" + Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

function setSession(id) {
  if (id !== state.session) $("messages").replaceChildren();   // another session's messages never linger
  state.session = id;
  localStorage.setItem("edge-agent-session", id);
  $("mem-session").textContent = id;
}

async function refreshSessionPick() {
  // the stored sessions (and the current one, which may not be stored yet); whether it is
  const pick = $("session-pick");
  let ids = [];
  try { ids = (await json("/v1/sessions")).data.map((s) => s.id); } catch (e) { showError(e.message); }
  const stored = ids.includes(state.session);
  if (!stored) ids.unshift(state.session);
  pick.replaceChildren(...ids.map((id) => el("option", { value: id }, id)));
  pick.value = state.session;
  return stored;
}

async function refreshToolPick() {
  // the daemon's enabled tools, to force one for the next turn (tool_choice)
  const pick = $("tool-pick"), chosen = pick.value;
  let tools = [];
  try { tools = (await json("/v1/tools")).data.filter((x) => x.enabled); } catch (e) { return; }
  pick.replaceChildren(el("option", { value: "", "data-t": "model_decides" }, t("model_decides")),
    ...tools.map((x) => el("option", { value: x.name }, x.name)));
  pick.value = tools.some((x) => x.name === chosen) ? chosen : "";
}

// The stored messages of the session, drawn at once when they arrive. A message sent since the
// load began (``sends``, counted at the loader's start) makes the page newer than this copy:
// it is left alone (on a slow board the user types faster than the history arrives).
async function loadHistory(stored = true, sends = state.sends) {
  const box = $("messages");
  const current = () => state.sends === sends;
  const empty = () => el("p", { class: "muted" }, t("no_session"));
  if (!current()) return;
  if (!stored) { box.replaceChildren(empty()); return; }
  let session;
  try { session = await json(`/v1/sessions/${encodeURIComponent(state.session)}`); } catch (e) {
    if (!current()) return;
    if (e.status === 404) { box.replaceChildren(empty()); return; }
    showError(e.message); return;
  }
  if (!current()) return;
  const nodes = [];
  for (const m of session.messages) {
    if (m.role === "user") nodes.push(el("div", { class: "msg user" }, m.content || ""));
    else if (m.role === "assistant") {
      const bubble = el("div", { class: "msg assistant" }, m.content || "");
      for (const c of m.tool_calls || []) bubble.append(el("div", { class: "card" }, el("b", {}, c.function.name), " ",
        el("code", {}, c.function.arguments)));
      nodes.push(bubble);
    } else if (m.role === "tool") nodes.push(el("div", { class: "card" }, el("pre", {}, m.content || "")));
  }
  box.replaceChildren(...(nodes.length ? nodes : [empty()]));
}

// ---- chat ----------------------------------------------------------------------------
function toolCard(call) {
  const args = typeof call.arguments === "string" ? call.arguments : JSON.stringify(call.arguments);
  return el("div", { class: "card tool-card" + (call.ok ? "" : " failed") },
    el("b", {}, call.name), ` · ${call.ok ? t("ok") : t("failed")} · ${Number(call.duration_s).toFixed(3)} s`,
    el("pre", { class: "tool-args" }, args), el("pre", { class: "tool-result" }, call.result || ""));
}

function metaLine(extra, usage, stopped) {
  if (stopped) return t("stopped");
  const parts = [];
  if (extra) {
    parts.push(`${t("answered_by")} ${extra.backend}`);
    if (extra.fallback_reason) parts.push(t("fallback"));
    const ft = extra.timings && extra.timings.first_token_s;
    if (ft !== null && ft !== undefined) parts.push(`${t("first_token")} ${Number(ft).toFixed(2)} s`);
    if (extra.looped) parts.push(t("cut_loop"));
  }
  if (usage) parts.push(`${usage.prompt_tokens} → ${usage.completion_tokens} ${t("tokens")}`);
  return parts.join(" · ");
}

function parseEvents(buffer, onEvent) {
  let at;
  while ((at = buffer.indexOf("\n\n")) >= 0) {
    const raw = buffer.slice(0, at);
    buffer = buffer.slice(at + 2);
    for (const line of raw.split("\n")) {
      if (!line.startsWith("data: ")) continue;
      const data = line.slice(6);
      if (data !== "[DONE]") onEvent(JSON.parse(data));
    }
  }
  return buffer;
}

async function send(text) {
  const box = $("messages");
  if (box.querySelector(".muted")) box.replaceChildren();
  box.append(el("div", { class: "msg user" }, text));
  const reply = el("span", { class: "reply" });
  const cards = el("div", { class: "cards-of-turn" });
  const meta = el("span", { class: "meta" });
  const bubble = el("div", { class: "msg assistant" }, reply, cards, meta);
  box.append(bubble);
  bubble.scrollIntoView({ block: "end" });
  state.controller = new AbortController();
  state.sends += 1;
  $("stop").disabled = false; $("send").disabled = true;
  let extra = null, usage = null;
  const forced = $("tool-pick").value;
  try {
    const resp = await api("/v1/chat/completions", {
      method: "POST", signal: state.controller.signal, headers: { "X-Session-Id": state.session },
      body: JSON.stringify(Object.assign({ messages: [{ role: "user", content: text }], stream: true,
        stream_options: { include_usage: true } },
        forced ? { tool_choice: { type: "function", function: { name: forced } } } : {})),
    });
    if (!resp.ok) {
      const body = await resp.json().catch(() => ({}));
      throw new Error((body.error && body.error.message) || resp.statusText);
    }
    const reader = resp.body.getReader();
    const decoder = new TextDecoder();
    let buffer = "";
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer = parseEvents(buffer + decoder.decode(value, { stream: true }), (ev) => {
        if (ev.error) throw new Error(ev.error.message);
        const choice = ev.choices && ev.choices[0];
        if (choice && choice.delta && choice.delta.content) reply.textContent += choice.delta.content;
        if (ev.edge_agent) {
          extra = ev.edge_agent;
          cards.replaceChildren(...(extra.tool_calls || []).map(toolCard));
        }
        if (ev.usage) usage = ev.usage;
        meta.textContent = metaLine(extra, usage, false);
      });
      bubble.scrollIntoView({ block: "end" });
    }
    meta.textContent = metaLine(extra, usage, false);
  } catch (e) {
    if (e.name === "AbortError") meta.textContent = t("stopped");
    else { meta.textContent = ""; showError(e.message); }
  } finally {
    state.controller = null;
    $("stop").disabled = true; $("send").disabled = false;
    refreshSessionPick();
  }
}

// ---- memory --------------------------------------------------------------------------
function budgetBar(ctx) {
  const budget = ctx.budget >= 2147483647 ? Math.max(ctx.tokens, 1) : ctx.budget;
  const parts = SECTIONS.map((s) => [s, ctx.sections[s] || 0]);
  parts.push(["free", Math.max(0, budget - ctx.tokens)]);
  $("budget-bar").replaceChildren(...parts.filter(([, n]) => n > 0).map(([s, n]) => {
    const part = el("span", { class: `sec-${s}`, title: `${s}: ${n}`, "data-tokens": n });
    part.style.width = `${(100 * n / Math.max(budget, ctx.tokens)).toFixed(2)}%`;   // CSSOM: allowed by the CSP
    return part;
  }));
  const label = ctx.budget >= 2147483647 ? t("unbounded") : ctx.budget;
  $("budget-legend").replaceChildren(...parts.map(([s, n]) => el("span", { "data-section": s },
    el("i", { class: `sec-${s}` }), `${s === "free" ? t("free") : t("sec_" + s)}: ${n}`)),
    el("span", {}, `= ${ctx.tokens} / ${label} ${t("tokens")}`));
}

function promptSections(ctx) {
  $("prompt-sections").replaceChildren(...ctx.messages.map((m, i) => el("details", {},
    el("summary", {}, `${t("sec_" + (ctx.labels[i] || "recent"))} · ${m.role} · ${(m.content || "").length} ${t("chars")}`),
    el("pre", {}, m.content || JSON.stringify(m.tool_calls || "")))));
}

function turnDates(messages) {
  // a fact's turn is the n-th user message: its date is that message's
  return messages.filter((m) => m.role === "user").map((m) => m.ts);
}

function factsTable(facts, dates) {
  $("facts").querySelector("tbody").replaceChildren(...facts.map((f) => el("tr", {},
    el("td", {}, f.label && f.label !== "self" ? f.label : f.category), el("td", { class: "text" }, f.value),
    el("td", {}, f.turn), el("td", {}, day(dates[f.turn - 1])),
    el("td", { class: "text" }, f.history.map(([v, turn]) => `${v} (${t("turn")} ${turn}${dates[turn - 1] ? ", " + day(dates[turn - 1]) : ""})`).join("; ")),
    el("td", {}, el("button", { type: "button", onclick: () => forgetFact(f.key) }, t("forget"))))));
}

async function loadMemory() {
  $("mem-session").textContent = state.session;
  try {
    const [session, ctx] = await Promise.all([json(`/v1/sessions/${encodeURIComponent(state.session)}`),
      json(`/v1/sessions/${encodeURIComponent(state.session)}/context`)]);
    budgetBar(ctx);
    promptSections(ctx);
    factsTable(session.facts, turnDates(session.messages));
    $("summary").replaceChildren(...session.summary.map((line) => el("li", { class: "text" }, line)));
  } catch (e) {
    if (e.status === 404) { $("prompt-sections").replaceChildren(el("p", { class: "muted" }, t("no_session"))); return; }
    showError(e.message);
  }
}

async function forgetFact(key) {
  try {
    await json(`/v1/sessions/${encodeURIComponent(state.session)}/facts/${encodeURIComponent(key)}`, { method: "DELETE" });
    loadMemory();
  } catch (e) { showError(e.message); }
}

async function pinFact(key, value) {
  await json(`/v1/sessions/${encodeURIComponent(state.session)}/facts`, { method: "POST", body: JSON.stringify({ key, value }) });
  loadMemory();
}

async function probe(question) {
  const ctx = await json(`/v1/sessions/${encodeURIComponent(state.session)}/context?query=${encodeURIComponent(question)}`);
  const recalled = ctx.messages.filter((m, i) => ctx.labels[i] === "recall");
  $("probe-out").replaceChildren(recalled.length
    ? el("pre", { class: "text", id: "probe-recall" }, recalled.map((m) => m.content).join("\n"))
    : el("p", { class: "muted" }, t("nothing_recalled")),
  el("p", { class: "muted" }, `recall: ${ctx.sections.recall} ${t("tokens")} · facts: ${ctx.sections.facts} ${t("tokens")}`));
}

// ---- board ---------------------------------------------------------------------------
function card(label, value, id) { return el("div", { class: "card", "data-card": id }, label, el("b", {}, value)); }

function chart(points, unit) {
  // points: [[unix time, value, value2?], ...] -> an SVG polyline (value2: a second line)
  const box = el("div", {});
  if (!points.length) return el("p", { class: "muted empty" }, t("no_data"));
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", "0 0 600 140");
  svg.setAttribute("preserveAspectRatio", "none");
  const t0 = points[0][0], t1 = Math.max(points[points.length - 1][0], t0 + 1);
  const top = Math.max(...points.map((p) => Math.max(p[1], p[2] || 0)), 1) * 1.1;
  for (const [series, color] of [[1, "#1f6feb"], [2, "#1a7f37"]]) {
    if (points[0][series] === undefined) continue;
    const line = document.createElementNS(ns, "polyline");
    line.setAttribute("fill", "none"); line.setAttribute("stroke", color); line.setAttribute("stroke-width", "2");
    line.setAttribute("points", points.map((p) => `${(590 * (p[0] - t0) / (t1 - t0) + 5).toFixed(1)},${(135 - 125 * p[series] / top).toFixed(1)}`).join(" "));
    svg.append(line);
  }
  const label = document.createElementNS(ns, "text");
  label.setAttribute("x", "8"); label.setAttribute("y", "14"); label.setAttribute("font-size", "12"); label.setAttribute("fill", "currentColor");
  label.textContent = `max ${Math.round(top / 1.1)} ${unit}`;
  svg.append(label);
  box.append(svg);
  return box;
}

async function loadBoard() {
  let b;
  try { b = await json("/v1/board"); } catch (e) { showError(e.message); return; }
  const s = b.status, m = b.memory, sample = s.watchdog.sample || {};
  const mb = (bytes) => (bytes === null || bytes === undefined) ? t("none") : `${(bytes / 1048576).toFixed(0)} MiB`;
  const cards = [
    card(t("rss"), `${m.rss_mb} MiB`, "rss"),
    card(t("ram"), `${m.available_mb} / ${m.total_mb} MiB`, "ram"),
    card(t("swap"), `${m.swap_used_mb} / ${m.swap_total_mb} MiB`, "swap"),
    card(t("psi"), sample.psi_some_avg10 === null || sample.psi_some_avg10 === undefined ? t("none") : `${sample.psi_some_avg10}%`, "psi"),
    card(t("cgroup"), sample.cgroup_limit && sample.cgroup_limit < 2 ** 62 ? mb(sample.cgroup_limit) : t("none"), "cgroup"),
    card(t("watchdog"), `${s.watchdog.mode} · ${s.watchdog.degrades} ${t("degrades")}`, "watchdog"),
    card(t("ring"), s.ring, "ring"),
    card(t("sessions_ram"), String(s.sessions_in_ram), "sessions"),
  ];
  for (const be of s.backends) {
    const what = be.breaker !== undefined ? `${be.model} · breaker ${be.breaker}` :
      `${be.model} · ${be.loaded ? t("loaded") : t("not_loaded")} · ${be.size_mb} MiB · n_ctx ${be.n_ctx}` +
      ` · KV ${be.kv_cache} ${be.kv_cache_mb} MiB` +
      (be.runner === "process" ? ` · ${t("model_process")} ${be.pid === null ? t("none") : `${be.rss_mb} MiB`}` : "");
    cards.push(card(`${t("backends")}: ${be.name}`, what, `backend-${be.name}`));
  }
  $("board-cards").replaceChildren(...cards);
  $("rss-chart").replaceChildren(chart(b.rss_history, "MiB"));
  $("tokens-chart").replaceChildren(chart(b.turns.map((x) => [x.ts, x.prompt_tokens, x.completion_tokens]), t("tokens")));
  $("events").replaceChildren(...s.watchdog.events.map((e) => el("li", {}, `${when(e.ts)} · ${e.action} · headroom ${e.headroom_mb} MiB · RSS ${e.rss_mb} MiB`)));
  $("log").textContent = b.log === null ? t("log_hidden") : b.log.join("\n");
  $("config").textContent = JSON.stringify(b.config, null, 2);
}

// ---- tools, schedules, sessions ------------------------------------------------------
async function loadTools() {
  try {
    const [tools, audit] = await Promise.all([json("/v1/tools"), json("/v1/audit?limit=50")]);
    $("tools").querySelector("tbody").replaceChildren(...tools.data.map((x) => el("tr", {},
      el("td", {}, x.name), el("td", {}, x.source), el("td", {}, x.enabled ? t("yes") : t("no")), el("td", { class: "text" }, x.description))));
    $("audit").querySelector("tbody").replaceChildren(...audit.data.map((a) => el("tr", {},
      el("td", {}, when(a.ts)), el("td", {}, a.tool), el("td", {}, a.session), el("td", {}, a.outcome), el("td", {}, `${a.duration_s} s`))));
  } catch (e) { showError(e.message); }
  loadSchedules();
}

async function loadSchedules() {
  const body = $("schedules").querySelector("tbody");
  try {
    const list = await json("/v1/schedules");
    body.replaceChildren(...list.data.map((s) => el("tr", {}, el("td", {}, s.id), el("td", {}, s.session_id),
      el("td", { class: "text" }, s.text), el("td", {}, when(s.due_at)),
      el("td", {}, el("button", { type: "button", onclick: () => deleteSchedule(s.id) }, t("delete"))))));
    $("schedule-form").hidden = false;
  } catch (e) {
    body.replaceChildren(el("tr", {}, el("td", { colspan: "5", class: "muted" }, e.code === "schedules_off" ? t("schedules_off") : e.message)));
    $("schedule-form").hidden = e.code === "schedules_off";
  }
}

async function deleteSchedule(id) {
  try { await json(`/v1/schedules/${id}`, { method: "DELETE" }); } catch (e) { showError(e.message); }
  loadSchedules();
}

async function loadSessions() {
  let list;
  try { list = await json("/v1/sessions"); } catch (e) { showError(e.message); return; }
  $("sessions").querySelector("tbody").replaceChildren(...list.data.map((s) => el("tr", { "data-session": s.id },
    el("td", {}, s.id), el("td", {}, when(s.updated_at)), el("td", {}, s.messages === null ? "" : s.messages),
    el("td", {}, s.in_ram ? t("yes") : t("no")),
    el("td", {}, el("button", { type: "button", onclick: () => { setSession(s.id); show("chat"); } }, t("open")), " ",
      el("button", { type: "button", onclick: () => exportSession(s.id) }, t("export")), " ",
      el("button", { type: "button", onclick: () => deleteSession(s.id) }, t("delete"))))));
}

async function exportSession(id) {
  try {
    const data = await json(`/v1/sessions/${encodeURIComponent(id)}`);
    const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: "application/json" }));
    const a = el("a", { href: url, download: `${id}.json` });
    document.body.append(a); a.click(); a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  } catch (e) { showError(e.message); }
}

async function deleteSession(id) {
  if (!confirm(t("confirm_delete"))) return;
  try { await json(`/v1/sessions/${encodeURIComponent(id)}`, { method: "DELETE" }); } catch (e) { showError(e.message); }
  if (id === state.session) setSession(newSessionId());
  loadSessions();
}

// ---- views ---------------------------------------------------------------------------
const LOADERS = { chat: async () => { const sends = state.sends;
  const [stored] = await Promise.all([refreshSessionPick(), refreshToolPick()]);
  await loadHistory(stored, sends); }, memory: loadMemory,
  board: loadBoard, tools: loadTools, sessions: loadSessions };

function show(view) {
  state.view = view;
  showError("");
  document.querySelectorAll("nav button").forEach((b) => b.classList.toggle("active", b.dataset.view === view));
  document.querySelectorAll(".view").forEach((v) => { v.hidden = v.id !== `view-${view}`; });
  clearInterval(state.poll);
  LOADERS[view]();
  if (view === "board") state.poll = setInterval(() => { if (!document.hidden) loadBoard(); }, 5000);
  if (view === "chat") $("input").focus();
}

function wire() {
  document.querySelectorAll("nav button").forEach((b) => b.addEventListener("click", () => show(b.dataset.view)));
  $("lang").addEventListener("click", () => {
    state.lang = state.lang === "zh" ? "en" : "zh";
    localStorage.setItem("edge-agent-lang", state.lang);
    applyLang();
    show(state.view);
  });
  $("input").addEventListener("keydown", (e) => {
    if (e.key === "Enter" && !e.shiftKey && !e.isComposing) { e.preventDefault(); $("send-form").requestSubmit(); }
  });
  $("send-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const text = $("input").value;
    if (!text.trim() || state.controller) return;
    $("input").value = "";
    send(text);
  });
  $("stop").addEventListener("click", () => { if (state.controller) state.controller.abort(); });
  $("new-session").addEventListener("click", () => { setSession(newSessionId()); LOADERS.chat(); $("input").focus(); });
  $("session-pick").addEventListener("change", (e) => { setSession(e.target.value); loadHistory(); });
  $("pin-form").addEventListener("submit", (e) => {
    e.preventDefault();
    pinFact($("pin-key").value, $("pin-value").value).then(() => { $("pin-key").value = ""; $("pin-value").value = ""; },
      (err) => showError(err.message));
  });
  $("probe-form").addEventListener("submit", (e) => { e.preventDefault(); probe($("probe").value).catch((err) => showError(err.message)); });
  $("schedule-form").addEventListener("submit", (e) => {
    e.preventDefault();
    json("/v1/schedules", { method: "POST", body: JSON.stringify({ session_id: state.session, text: $("schedule-text").value,
      in_s: Number($("schedule-in").value) }) }).then(() => { $("schedule-text").value = ""; loadSchedules(); }, (err) => showError(err.message));
  });
  $("login-form").addEventListener("submit", () => {
    sessionStorage.setItem("edge-agent-token", $("token").value);
    $("token").value = "";
    const waiting = loginWaiters;
    loginWaiters = [];
    waiting.forEach((resolve) => resolve());
  });
}

document.addEventListener("DOMContentLoaded", () => {
  const saved = localStorage.getItem("edge-agent-lang");
  state.lang = saved || ((navigator.language || "en").toLowerCase().startsWith("zh") ? "zh" : "en");
  setSession(localStorage.getItem("edge-agent-session") || newSessionId());
  applyLang();
  wire();
  show("chat");
});

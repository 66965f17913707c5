// The Uno inspector's page: the host's sessions, a session's timeline, and the state and diff at
// any entry. It reads the inspector's JSON API and follows its WebSocket; nothing is loaded from
// anywhere else.
"use strict";

const ROW = 24; // the height of a timeline row, in pixels (inspector.css)
const $ = (id) => document.getElementById(id);

const model = {
  sessions: new Map(), // session number → {feature, recordable, recording, closed}
  selected: null, // the session shown, or "import"
  timeline: null, // {feature, initialState, dropped, entries, recording, imported, viewState}
  entry: -1, // the position of the selected entry in timeline.entries; -1: the initial state
  follow: true, // keep the newest entry in view and selected
};

// MARK: The connection

let socket = null;

function connect() {
  socket = new WebSocket(`ws://${location.host}/ws`);
  socket.onopen = () => {
    $("connection").textContent = "live";
    if (typeof model.selected === "number") load(model.selected);
  };
  socket.onmessage = (event) => receive(JSON.parse(event.data));
  socket.onclose = () => {
    $("connection").textContent = "reconnecting…";
    setTimeout(connect, 1000);
  };
}

function receive(message) {
  switch (message.type) {
    case "sessions":
      for (const [number, session] of model.sessions) if (!session.closed) model.sessions.delete(number);
      // An app's closed sessions come too, marked closed: they stay readable.
      for (const session of message.sessions) model.sessions.set(session.session, { ...session, closed: session.closed ?? false });
      renderSessions();
      break;
    case "opened":
      model.sessions.set(message.session.session, { ...message.session, closed: false });
      renderSessions();
      break;
    case "closed": {
      const session = model.sessions.get(message.session);
      if (session) session.closed = true;
      renderSessions();
      // A closed session shows as closed: nothing to send to it, nothing to rewind.
      if (model.timeline && !model.timeline.imported && model.timeline.session === message.session) {
        $("send").hidden = true;
        renderDetail();
      }
      break;
    }
    case "entries":
      if (model.selected === message.session && model.timeline) {
        if (message.running) model.timeline.running = message.running;
        append(message);
        renderRunning();
      }
      break;
    case "child": {
      // A child view model of an app's view model came (with its name) or went (`null`).
      const session = model.sessions.get(message.session);
      if (session) {
        const children = (session.children ?? []).filter((child) => child.child !== message.child);
        if (message.name !== null) children.push({ child: message.child, name: message.name });
        session.children = children;
        renderSessions();
      }
      break;
    }
    case "state":
      if (model.selected === message.session && model.timeline) {
        model.timeline.viewState = message.state;
        if (!model.timeline.recording) renderDetail();
      }
      break;
    case "warning":
      if (model.selected === message.session || message.session === null) showError(`${message.code}: ${message.message}`);
      break;
  }
}

async function api(path, options) {
  const response = await fetch(path, { credentials: "same-origin", ...options });
  const text = await response.text();
  let body = null;
  try { body = JSON.parse(text); } catch { body = null; }
  // A refusal of the token says what to do: the server's reason names the address to reopen.
  if (response.status === 401) {
    throw new Error(`The inspector refused this page (401): ${text.trim() || "it needs its token"}.`);
  }
  if (!response.ok) throw new Error(body?.error?.message ?? `${response.status} ${response.statusText}`);
  return body;
}

// MARK: Sessions

function renderSessions() {
  const list = $("sessions");
  list.replaceChildren();
  // The host's sessions first, then each app's (docs/inspector.md, "Your own app") under a
  // heading of its own: one for each run of the app, so that a restarted app's old sessions stay
  // apart from its new ones.
  const groups = new Map();
  for (const [number, session] of [...model.sessions].sort((a, b) => a[0] - b[0])) {
    const key = session.app === undefined ? "" : `${session.app}\u0000${session.instance}`;
    if (!groups.has(key)) groups.set(key, { app: session.app, instance: session.instance, sessions: [] });
    groups.get(key).sessions.push([number, session]);
  }
  const runs = new Map(); // app name → runs listed so far
  for (const group of [...groups.values()].sort((a, b) => (a.app === undefined ? -1 : b.app === undefined ? 1 : 0))) {
    if (group.app !== undefined) {
      const run = (runs.get(group.app) ?? 0) + 1;
      runs.set(group.app, run);
      const heading = document.createElement("li");
      heading.className = "app";
      heading.dataset.app = group.app;
      heading.dataset.instance = group.instance;
      const gone = group.sessions.every(([, session]) => session.closed);
      heading.textContent = `${group.app}${run > 1 ? ` (run ${run})` : ""}${gone ? " · gone" : ""}`;
      list.append(heading);
    }
    for (const [number, session] of group.sessions) {
      const item = document.createElement("li");
      item.textContent = `${number} · ${session.feature}`;
      item.dataset.session = number;
      if (group.app !== undefined) item.classList.add("in-app");
      if (session.closed) item.classList.add("closed");
      if (model.selected === number) item.classList.add("selected");
      item.onclick = () => load(number);
      list.append(item);
      // Its child view models (a row's, a presented child's): views of its runtime, whose
      // actions and changes are this session's entries.
      const children = session.closed ? [] : session.children ?? [];
      for (const child of children.slice(0, 20)) {
        const line = document.createElement("li");
        line.className = "child";
        line.textContent = `↳ ${child.name}`;
        line.title = "A child view model: its actions and changes are its parent's session's entries.";
        line.onclick = () => load(number);
        list.append(line);
      }
      if (children.length > 20) {
        const more = document.createElement("li");
        more.className = "child";
        more.textContent = `↳ … and ${children.length - 20} more child view models`;
        list.append(more);
      }
    }
  }
  $("no-sessions").hidden = model.sessions.size > 0;
}

async function load(number) {
  model.selected = number;
  renderSessions();
  try {
    show(await api(`/api/sessions/${number}/timeline`));
  } catch (error) {
    // Never one session's timeline and controls under another's name: what was shown goes.
    clearTimeline(`Session ${number}: its timeline could not be loaded.`);
    showError(error.message);
  }
}

/// Empties the timeline and the detail, with `note` in place of the timeline: no entry, no rewind.
function clearTimeline(note) {
  model.timeline = null;
  model.entry = -1;
  $("timeline-title").textContent = "Timeline";
  $("timeline-note").textContent = note;
  $("export").hidden = true;
  $("rewind").hidden = true;
  $("send").hidden = true;
  $("scrub").disabled = true;
  $("detail-title").textContent = "Entry";
  $("diff").replaceChildren();
  $("state").replaceChildren();
  renderTimeline();
}

function show(timeline) {
  model.timeline = timeline;
  renderSendForm(timeline);
  model.follow = true;
  model.entry = (timeline.entries?.length ?? 0) - 1;
  const title = timeline.imported ? `Imported: ${timeline.feature ?? "a recording"}` : `Session ${timeline.session} · ${timeline.feature}`;
  $("timeline-title").textContent = title;
  const exportLink = $("export");
  exportLink.hidden = !timeline.recording || timeline.imported;
  if (!exportLink.hidden) {
    exportLink.href = `/api/sessions/${timeline.session}/recording`;
    exportLink.download = `${timeline.feature}-session-${timeline.session}.jsonl`;
  }
  $("timeline-note").textContent = timeline.note
    ? timeline.note
    : !timeline.recording
    ? "This session is not recorded: its feature's state is not Codable and Equatable. Its live view state is below."
    : timeline.dropped > 0
      ? `${timeline.dropped} older entries were dropped from the recording's ring.`
      : "";
  if (timeline.appDropped > 0) {
    $("timeline-note").textContent += ` The app dropped ${timeline.appDropped} events the inspector did not take in time.`;
  }
  renderRunning();
  hideError();
  renderTimeline();
  renderDetail();
}

/// An app's effects running now (each with the action that started it, and where it was written).
function renderRunning() {
  const running = model.timeline?.running;
  const list = $("running");
  list.hidden = !running;
  if (!running) return;
  list.textContent = running.length === 0
    ? "No effect is running."
    : `Running now: ${running.map((effect) => `${effect.described} (${effect.callSite})`).join("; ")}`;
}

function append(message) {
  const timeline = model.timeline;
  const last = timeline.entries.length ? timeline.entries[timeline.entries.length - 1].index : timeline.dropped - 1;
  const fresh = message.entries.filter((entry) => entry.index > last);
  timeline.entries.push(...fresh);
  // The ring dropped the oldest: the state before the oldest kept is the last dropped one's.
  let drop = 0;
  while (drop < timeline.entries.length && timeline.entries[drop].index < message.dropped) drop += 1;
  if (drop > 0) {
    timeline.initialState = timeline.entries[drop - 1].state;
    timeline.entries.splice(0, drop);
    model.entry = Math.max(-1, model.entry - drop);
  }
  timeline.dropped = message.dropped;
  if (model.follow) model.entry = timeline.entries.length - 1;
  renderTimeline();
  renderDetail();
}

// MARK: The timeline (only the rows in view are in the document, so 10,000 entries scroll smoothly)

function renderTimeline() {
  const pane = $("timeline");
  const space = $("timeline-space");
  const entries = model.timeline?.entries ?? [];
  space.style.height = `${(entries.length + 1) * ROW}px`;
  if (model.follow) pane.scrollTop = pane.scrollHeight;
  renderRows();
}

function renderRows() {
  const pane = $("timeline");
  const space = $("timeline-space");
  const entries = model.timeline?.entries ?? [];
  const first = Math.max(0, Math.floor(pane.scrollTop / ROW) - 10);
  const last = Math.min(entries.length, Math.ceil((pane.scrollTop + pane.clientHeight) / ROW) + 10);
  const rows = [];
  if (model.timeline?.recording && first === 0) rows.push(row(-1, null));
  for (let position = Math.max(first - 1, 0); position < last; position += 1) rows.push(row(position, entries[position]));
  space.replaceChildren(...rows);
}

function row(position, entry) {
  const element = document.createElement("div");
  element.className = "entry";
  element.style.top = `${(position + 1) * ROW}px`;
  element.dataset.position = position;
  if (position === model.entry) element.classList.add("selected");
  if (entry === null) {
    element.dataset.index = (model.timeline.dropped ?? 0) - 1;
    element.textContent = model.timeline.dropped > 0 ? "(before the oldest entry kept)" : "(initial state)";
  } else {
    element.dataset.index = entry.index;
    const kind = span("kind", entry.kind);
    const action = span("action", describeAction(entry));
    action.title = describeAction(entry);
    const request = span("request", entry.request == null ? "" : `${entry.via} ${JSON.stringify(entry.request)}`);
    const time = span("time", `${Number(entry.elapsed).toFixed(3)} s`);
    element.append(kind, action, request, time);
  }
  element.onclick = () => select(position);
  return element;
}

function span(className, text) {
  const element = document.createElement("span");
  element.className = className;
  element.textContent = text;
  return element;
}

function describeAction(entry) {
  // By its name, its ids and its value, as it is typed at a terminal (the host names it), or as
  // an app describes it.
  if (entry.named) return entry.named.typed;
  if (entry.action === undefined || entry.action === null) return entry.kind === "rewind" ? "rewound" : "shared value changed";
  return typeof entry.action === "string" ? entry.action : JSON.stringify(entry.action);
}

function select(position) {
  const entries = model.timeline?.entries ?? [];
  model.entry = Math.max(-1, Math.min(position, entries.length - 1));
  model.follow = model.entry === entries.length - 1;
  renderRows();
  renderDetail();
}

// MARK: The entry: diff, state, scrubbing, rewind

function stateAt(position) {
  const timeline = model.timeline;
  return position < 0 ? timeline.initialState : timeline.entries[position].state;
}

function renderDetail() {
  const timeline = model.timeline;
  const scrub = $("scrub");
  const rewind = $("rewind");
  if (!timeline) return;
  if (!timeline.recording) {
    scrub.disabled = true;
    rewind.hidden = true;
    $("detail-title").textContent = "Live view state";
    $("diff").replaceChildren();
    $("state").replaceChildren(tree(timeline.viewState, "state"));
    return;
  }
  const entries = timeline.entries;
  scrub.disabled = false;
  scrub.min = -1;
  scrub.max = entries.length - 1;
  scrub.value = model.entry;
  const entry = entries[model.entry];
  $("detail-title").textContent = entry ? `Entry ${entry.index}: ${describeAction(entry)}` : "Before the first entry";
  rewind.hidden = timeline.imported || timeline.rewindable === false || model.sessions.get(timeline.session)?.closed;
  $("diff").replaceChildren(...diff(model.entry < 0 ? undefined : stateAt(model.entry - 1), stateAt(model.entry)));
  $("state").replaceChildren(tree(stateAt(model.entry), "state"));
}

/// The lines that differ between two states, as the terminal mode shows a change.
function diff(before, after) {
  if (before === undefined) return [line("", "(the state before the first entry kept)")];
  const lines = [];
  walk(before, after, "", lines);
  return lines.length ? lines : [line("", "(no change)")];
}

function walk(before, after, path, lines) {
  const isObject = (value) => value !== null && typeof value === "object";
  // An element inserted or removed (a row, a pushed screen) is shown field by field.
  const empty = (value) => (Array.isArray(value) ? [] : {});
  if (before === undefined && isObject(after) && Object.keys(after).length > 0) before = empty(after);
  if (after === undefined && isObject(before) && Object.keys(before).length > 0) after = empty(before);
  if (isObject(before) && isObject(after) && Array.isArray(before) === Array.isArray(after)) {
    const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
    for (const key of keys) {
      const child = Array.isArray(after) ? `${path}[${key}]` : path ? `${path}.${key}` : key;
      walk(before[key], after[key], child, lines);
    }
    return;
  }
  if (JSON.stringify(before) === JSON.stringify(after)) return;
  if (before !== undefined) lines.push(line("removed", `- ${path}: ${JSON.stringify(before)}`));
  if (after !== undefined) lines.push(line("added", `+ ${path}: ${JSON.stringify(after)}`));
}

function line(className, text) {
  const element = document.createElement("div");
  element.className = className;
  element.textContent = text;
  return element;
}

/// A collapsible tree of a JSON value.
function tree(value, name) {
  if (value === null || typeof value !== "object") {
    return line("leaf", `${name}: ${JSON.stringify(value)}`);
  }
  const details = document.createElement("details");
  details.open = true;
  const summary = document.createElement("summary");
  const count = Array.isArray(value) ? `[${value.length}]` : `{${Object.keys(value).length}}`;
  summary.textContent = `${name} ${count}`;
  details.append(summary);
  for (const [key, child] of Object.entries(value)) details.append(tree(child, Array.isArray(value) ? `[${key}]` : key));
  return details;
}

async function rewindHere() {
  const timeline = model.timeline;
  const entry = timeline.entries[model.entry];
  const index = entry ? entry.index : timeline.dropped - 1;
  try {
    await api(`/api/sessions/${timeline.session}/rewind`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ index }),
    });
    hideError();
    model.follow = true; // the rewind arrives as the newest entry
  } catch (error) {
    showError(error.message);
  }
}

// MARK: Sending an action

/// Offers the actions of a live session's feature, each with its example as the JSON to edit.
function renderSendForm(timeline) {
  const form = $("send");
  const actions = timeline.actions ?? [];
  form.hidden = timeline.imported || actions.length === 0 || model.sessions.get(timeline.session)?.closed;
  if (form.hidden) return;
  const select = $("send-action");
  select.replaceChildren(
    ...actions.map((action, index) => {
      const option = document.createElement("option");
      option.value = index;
      option.textContent = `${action.usage} · ${action.summary}`;
      return option;
    })
  );
  select.onchange = () => {
    $("send-json").value = JSON.stringify(actions[Number(select.value)].example);
    $("send-result").textContent = "";
  };
  select.onchange();
}

async function sendAction(event) {
  event.preventDefault();
  const timeline = model.timeline;
  if (!timeline || timeline.imported) return;
  const result = $("send-result");
  let action;
  try {
    action = JSON.parse($("send-json").value);
  } catch (error) {
    result.textContent = `Not JSON: ${error.message}`;
    return;
  }
  try {
    const answer = await api(`/api/sessions/${timeline.session}/send`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ action }),
    });
    result.textContent = `Sent as ${answer.request}.`;
    model.follow = true; // its entries arrive as the newest
  } catch (error) {
    result.textContent = `Not sent: ${error.message}`;
  }
}

async function importFile(file) {
  try {
    const timeline = await api("/api/import", { method: "POST", body: await file.text() });
    model.selected = "import";
    renderSessions();
    show(timeline);
  } catch (error) {
    showError(`The recording could not be imported: ${error.message}`);
  }
}

function showError(message) {
  $("error").textContent = message;
  $("error").hidden = false;
}

function hideError() {
  $("error").hidden = true;
}

// MARK: Wiring

$("timeline").addEventListener("scroll", () => renderRows());
$("timeline").addEventListener("keydown", (event) => {
  if (event.key === "ArrowDown") select(model.entry + 1);
  if (event.key === "ArrowUp") select(model.entry - 1);
});
$("scrub").addEventListener("input", (event) => {
  select(Number(event.target.value));
  const pane = $("timeline");
  pane.scrollTop = Math.max(0, (model.entry + 1) * ROW - pane.clientHeight / 2);
});
$("rewind").addEventListener("click", rewindHere);
$("send").addEventListener("submit", sendAction);
$("import").addEventListener("change", (event) => {
  if (event.target.files[0]) importFile(event.target.files[0]);
  event.target.value = "";
});
// The token came in the address: the answer set it as a cookie, so it leaves the address bar.
if (location.search.includes("token=")) history.replaceState(null, "", "/");
connect();

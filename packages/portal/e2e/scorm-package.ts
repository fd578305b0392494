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

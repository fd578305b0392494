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

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** A zip of stored (uncompressed) entries. */
function zip(entries: { path: string; data: Buffer }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.path);
    const crc = crc32(entry.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(entry.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(entry.data.length, 20);
    central.writeUInt32LE(entry.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.data);
    centrals.push(central, name);
    offset += local.length + name.length + entry.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

export function scormPackage(title: string): Buffer {
  return zip([
    { path: "imsmanifest.xml", data: Buffer.from(manifest(title)) },
    { path: "index.html", data: Buffer.from(sco(title)) },
  ]);
}

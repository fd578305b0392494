// Fails when the packed tarball would ship anything meant for Storybook only (issue 17): story
// files, story helpers, or code that imports the storybook runtime.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

const [pack] = JSON.parse(
  execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "ignore"],
  }),
);
const files = pack.files.map((file) => file.path);
const storyOnly = files.filter(
  (file) =>
    /stor(y|ies)/i.test(file) ||
    (file.endsWith(".js") && /["']storybook\/|@storybook\//.test(readFileSync(file, "utf8"))),
);
if (storyOnly.length > 0) {
  console.error("The @lms/ui tarball ships story-only code:", storyOnly.join(", "));
  process.exit(1);
}
console.log(
  `@lms/ui tarball: ${files.length} files, ${(pack.size / 1024).toFixed(1)} KB, no story code`,
);

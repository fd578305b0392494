// The changelog lines `pnpm changeset version` writes (issue 44: a changelog grouped and
// readable). A changeset whose summary has headings holds a release's grouped notes and goes in
// as written, its "####" headings under the "### Minor Changes" that changesets adds; any other
// changeset is one bullet. No commit hashes: a reader of a package's changelog cannot follow them.

const HEADING = /^#{1,6} /m;

function getReleaseLine(changeset) {
  const summary = changeset.summary.trim();
  if (HEADING.test(summary)) return `${summary}\n`;
  const [first, ...rest] = summary.split("\n");
  return [`- ${first}`, ...rest.map((line) => (line ? `  ${line}` : line))].join("\n");
}

function getDependencyReleaseLine(_changesets, dependenciesUpdated) {
  if (dependenciesUpdated.length === 0) return "";
  const versions = dependenciesUpdated.map((dependency) => {
    return `${dependency.name}@${dependency.newVersion}`;
  });
  return `- Updated dependencies: ${versions.join(", ")}`;
}

module.exports = { getReleaseLine, getDependencyReleaseLine };

// Reading tap's TAP stream for scripts/test.mjs: the files done (a top-level `ok`/`not ok` line per
// process that runs one file; a group of files reports through the progress file instead, as tap
// holds a process's output until it ends), the failed tests with the subtests around them, and
// tap's closing counts.

// Reads tap's stream line by line and keeps each `not ok` with the names of the subtests around it
// and the YAML diagnostic under it (cut to 40 lines). A parent subtest that fails only because a
// child failed is not repeated. `onFile(ok, name)` is called for each process of one file done;
// `isGroup(name)` tells a group's process (left out of failure paths: its tests are named after
// their files).
export function tapReader(label, isGroup, onFile) {
  let partial = '';
  const stack = []; // subtest names by indentation depth
  const found = [];
  let open = null; // the failure whose diagnostic is being read
  const line = (text) => {
    const indent = text.length - text.trimStart().length;
    const depth = indent / 4;
    const body = text.trimStart();
    if (open) {
      if (body === '...' || (indent <= open.indent && body !== '---')) {
        open = null;
      } else {
        if (open.lines.length < 40) open.lines.push(text.slice(open.indent));
        return;
      }
    }
    const subtest = /^# Subtest: (.*)$/.exec(body);
    if (subtest) {
      stack.length = depth;
      stack[depth] = subtest[1];
      return;
    }
    const result = /^(not ok|ok) \d+ - (.*?)(?: # (?:time=[\d.]+m?s|SKIP.*|TODO.*))?$/.exec(body);
    if (!result) return;
    if (indent === 0 && !isGroup(result[2])) onFile(result[1] === 'ok', result[2]);
    if (result[1] === 'not ok') {
      const path = [...stack.slice(0, depth), result[2]];
      const childFailed = found.some((f) => f.path.length > path.length && path.every((p, i) => f.path[i] === p));
      if (!childFailed) {
        open = { path, indent, lines: [] };
        found.push(open);
      }
    }
  };
  return {
    feed(text) {
      const lines = (partial + text).split('\n');
      partial = lines.pop() ?? '';
      for (const l of lines) line(l);
    },
    done() {
      if (partial) line(partial);
      const where = (path) => (path.length > 1 && isGroup(path[0]) ? path.slice(1) : path).join(' > ');
      return found.map((f) => `--- ${label}: ${where(f.path)}\n${f.lines.join('\n')}`);
    },
  };
}

// tap's closing summary, e.g. `# { total: 6, pass: 3, fail: 1, todo: 1, skip: 1 }`: the keys after
// `total` appear only when non-zero and their order is not guaranteed, so read them by name.
// Todo tests are not asserted, so they count as skipped.
export function counts(tail) {
  const summaries = [...tail.matchAll(/^# \{ (total: \d+[^}]*)\}/gm)];
  if (summaries.length === 0) return { pass: 0, fail: 1, skip: 0 };
  const fields = Object.fromEntries([...summaries.at(-1)[1].matchAll(/(\w+): (\d+)/g)].map(([, k, v]) => [k, Number(v)]));
  return { pass: fields.pass ?? 0, fail: fields.fail ?? 0, skip: (fields.skip ?? 0) + (fields.todo ?? 0) };
}

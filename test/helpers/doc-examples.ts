/**
 * The examples of the README and docs/: the `curl` commands shown with their output (checked
 * against a live server by test/doc-examples.test.ts), and the code blocks of one language whose
 * output is shown as comment lines (the library's and the Python client's, run where they are
 * installed).
 */

/** A command shown with its output. */
export interface Example {
  readonly file: string;
  readonly line: number;
  readonly command: string;
  readonly output: string;
}

/** Every shown-output example of a Markdown text. */
export function examplesIn(file: string, text: string): Example[] {
  const lines = text.split('\n');
  const out: Example[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (lines[i].trim() !== '```sh') continue;
    const commands: Array<{ line: number; command: string; output: string[] }> = [];
    let j = i + 1;
    for (; j < lines.length && lines[j].trim() !== '```'; j++) {
      const l = lines[j];
      if (l.startsWith('# ') && commands.length > 0) commands[commands.length - 1].output.push(l.slice(2));
      else if (l.trim() !== '' && !l.startsWith('#')) {
        let command = l;
        while (command.endsWith('\\') && j + 1 < lines.length) command = `${command.slice(0, -1)} ${lines[++j].trim()}`;
        commands.push({ line: j + 1, command: command.replace(/\s+#\s.*$/, ''), output: [] });
      }
    }
    // A block right after a one-command block is that command's output.
    if (commands.length === 1 && commands[0].output.length === 0 && /^```\w*$/.test(lines[j + 1]?.trim() ?? '') && lines[j + 1].trim() !== '```sh') {
      let k = j + 2;
      for (; k < lines.length && lines[k].trim() !== '```'; k++) commands[0].output.push(lines[k]);
    }
    for (const c of commands) if (c.output.length > 0 && c.command.includes('localhost:8080')) out.push({ file, line: c.line, command: c.command, output: c.output.join('\n') });
    i = j;
  }
  return out;
}

/** True when `actual` is `shown`, where each `…` in `shown` stands for any text. */
export function matchesShown(actual: string, shown: string): boolean {
  const pattern = shown
    .split('…')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('[\\s\\S]*?');
  return new RegExp(`^${pattern}$`).test(actual);
}

/** A code block of `lang`, and the output its comment lines (`// …` or `# …`, indented or not) show. */
export interface CodeExample {
  readonly line: number;
  readonly code: string;
  readonly output: string;
}

/** The code blocks of `lang` (js, python…) in a Markdown text that show an output. */
export function codeExamples(text: string, lang: string, comment: '//' | '#'): CodeExample[] {
  const lines = text.split('\n');
  const out: CodeExample[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (lines[i].trim() !== `\`\`\`${lang}`) continue;
    const code: string[] = [];
    const output: string[] = [];
    let j = i + 1;
    for (; j < lines.length && lines[j].trim() !== '\`\`\`'; j++) {
      const trimmed = lines[j].trimStart();
      if (trimmed.startsWith(`${comment} `)) output.push(trimmed.slice(comment.length + 1));
      code.push(lines[j]);
    }
    if (output.length > 0) out.push({ line: i + 2, code: code.join('\n'), output: output.join('\n') });
    i = j;
  }
  return out;
}

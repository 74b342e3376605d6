import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { webBuildNeed } from './web-build';

let root: string;
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

function write(rel: string, ageSeconds: number) {
  const file = path.join(root, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, rel);
  const t = new Date(Date.now() - ageSeconds * 1000);
  fs.utimesSync(file, t, t);
}

describe('SPA build freshness', () => {
  it('says when there is nothing to build, nothing built, or an old build', () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'cuadra-web-'));
    expect(webBuildNeed(root)).toBe('missing-sources');
    write('web/index.html', 100);
    write('web/src/main.tsx', 100);
    expect(webBuildNeed(root)).toBe('missing');
    write('web/dist/index.html', 50);
    expect(webBuildNeed(root)).toBe('fresh');
    write('web/src/features/x/page.tsx', 10);
    expect(webBuildNeed(root)).toBe('stale');
  });

  it('ignores test files but not shared code the SPA imports', () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'cuadra-web-'));
    write('web/index.html', 100);
    write('web/dist/index.html', 50);
    write('web/src/lib/format.test.ts', 10);
    write('shared/fiscal/nif.test.ts', 10);
    expect(webBuildNeed(root)).toBe('fresh');
    write('shared/api/routes.ts', 10);
    expect(webBuildNeed(root)).toBe('stale');
  });
});

import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildExtension, type BuildResult } from '../build-extension';

let dir: string;
let build: BuildResult;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'fps-build-'));
  build = await buildExtension({ outDir: path.join(dir, 'extension'), siteOrigins: ['https://site.example', 'http://127.0.0.1:5173'], siteUrl: 'https://site.example' });
}, 60_000);

afterAll(() => rm(dir, { recursive: true, force: true }));

describe('buildExtension', () => {
  it('writes an MV3 manifest with minimal permissions and the alt+shift+p command', () => {
    const m = build.manifest;
    expect(m.manifest_version).toBe(3);
    expect(m.permissions).toEqual(['activeTab', 'scripting', 'storage']);
    expect(m.optional_permissions).toEqual(['downloads', 'debugger']);
    expect(m.optional_host_permissions).toEqual(['<all_urls>']);
    expect(m.host_permissions).toBeUndefined();
    expect(m.commands?._execute_action?.suggested_key).toEqual({ default: 'Alt+Shift+P' });
    expect(m.web_accessible_resources).toEqual([{ resources: ['frame.html'], matches: ['https://site.example/*', 'http://127.0.0.1:5173/*'] }]);
  });

  it('bundles every entry point, page and icon the manifest names', async () => {
    const files = ['manifest.json', 'service-worker.js', 'content.js', 'editor.html', 'editor.js', 'editor.css', 'encoder.js', 'options.html', 'options.js', 'frame.html', 'frame.js'];
    for (const f of [...files, ...Object.values(build.manifest.icons ?? {})]) {
      expect((await stat(path.join(build.outDir, f))).size, f).toBeGreaterThan(0);
    }
    const icon = await readFile(path.join(build.outDir, 'icons/icon-128.png'));
    expect([icon.readUInt32BE(16), icon.readUInt32BE(20)]).toEqual([128, 128]);
  });

  it('bakes the site origins into the frame page and writes the store zip', async () => {
    expect(await readFile(path.join(build.outDir, 'frame.js'), 'utf8')).toContain('https://site.example');
    const zip = await JSZip.loadAsync(await readFile(build.zipPath!));
    expect(Object.keys(zip.files)).toContain('manifest.json');
    expect(Object.keys(zip.files)).toContain('icons/icon-16.png');
  });
});

/**
 * MCP tools/call vs the same executeTool over REST (HUBSPOT_CONTACTS_GET for one entity), with
 * autocannon on loopback; the HubSpot sandbox and the broker each run in their own process, as
 * in execution-bench.ts. Both planes resolve the entity's connection the same way, so the
 * difference is the MCP layer: JSON-RPC, the SDK's checks (plugins/mcp/direct-answer.ts), content
 * mapping. Latencies come from every response (autocannon's histogram has 1 ms resolution).
 * Standalone: `npx tsx bench/mcp-bench.ts [--quick]`; `npm run bench -- --mcp` runs it too.
 */
import autocannon from 'autocannon';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Child } from '../sandbox/support/processes.js';
import { connectHubspot, sandboxControl, startBenchBroker, startBenchSandbox } from './bench-processes.js';
import { load as loadFigures } from './execution-bench.js';
import { createScratchDatabase } from '../sandbox/support/scratch-postgres.js';

export interface McpBenchRow {
  connections: number;
  restP50: number;
  mcpP50: number;
  restRps: number;
  mcpRps: number;
  /** MCP p50 minus REST p50, in ms. */
  addedP50Ms: number;
  /** The broker process's CPU time per request (Linux /proc; NaN elsewhere), in ms: less sensitive to a busy machine than latency. */
  restCpuMs: number;
  mcpCpuMs: number;
  errors: number;
}

const ENTITY = 'bench-user';

interface Figures {
  p50: number;
  rps: number;
  errors: number;
  cpuPerRequestMs: number;
}

/** One run; with `pid`, that process's CPU time per response (execution-bench's `load` reads it from /proc). */
async function load(opts: autocannon.Options, pid?: number): Promise<Figures> {
  const f = await loadFigures(opts, pid);
  return { p50: f.p50, rps: f.rps, errors: f.errors + f.non2xx, cpuPerRequestMs: (f.cpuUs ?? NaN) / 1000 };
}

export async function runMcpBench(
  opts: { database?: 'sqlite' | 'postgresql'; connections?: number[]; durationSec?: number; log?: (line: string) => void } = {},
): Promise<McpBenchRow[]> {
  const database = opts.database ?? 'sqlite';
  const log = opts.log ?? ((l: string) => process.stdout.write(l + '\n'));
  const duration = opts.durationSec ?? 5;
  const dir = mkdtempSync(join(tmpdir(), 'broker-mcp-bench-'));
  const children: Child[] = [];
  const scratch =
    database === 'postgresql'
      ? await createScratchDatabase(process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test')
      : undefined;
  try {
    const sb = await startBenchSandbox();
    children.push(sb.child);
    const hubspot = sb.hubspot;
    const [contactId] = await sandboxControl<string[]>(hubspot, 'seed', ['contacts', 1]);
    const broker = await startBenchBroker({ hubspot, dataDir: dir, databaseUrl: scratch?.url ?? `sqlite:${join(dir, 'broker.sqlite')}` });
    children.push(broker.child);
    const { base, key } = broker;
    await connectHubspot(base, key, ENTITY);

    const rest: autocannon.Options = {
      url: `${base}/api/v1/tools/HUBSPOT_CONTACTS_GET/execute`,
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({ entityId: ENTITY, arguments: { contactId } }),
    };
    const mcp: autocannon.Options = {
      url: `${base}/mcp?entityId=${ENTITY}&toolkits=hubspot`,
      method: 'POST',
      headers: {
        authorization: `Bearer ${key}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2025-11-25',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'HUBSPOT_CONTACTS_GET', arguments: { contactId } },
      }),
    };
    const check = (await (
      await fetch(mcp.url, { method: 'POST', headers: mcp.headers as Record<string, string>, body: mcp.body as string })
    ).json()) as { result?: { isError?: boolean; structuredContent?: { id?: string } } };
    if (check.result?.isError || check.result?.structuredContent?.id !== contactId) {
      throw new Error(`tools/call is not working in the bench setup: ${JSON.stringify(check)}`);
    }

    const rows: McpBenchRow[] = [];
    for (const c of opts.connections ?? [1, 16, 64]) {
      await load({ ...rest, connections: c, duration: 1 });
      await load({ ...mcp, connections: c, duration: 1 });
      // Interleaved halves, so drift of the machine (other processes) hits both sides alike.
      const half = Math.max(1, duration / 2);
      const pid = broker.child.proc.pid;
      const r1 = await load({ ...rest, connections: c, duration: half }, pid);
      const m1 = await load({ ...mcp, connections: c, duration: half }, pid);
      const r2 = await load({ ...rest, connections: c, duration: half }, pid);
      const m2 = await load({ ...mcp, connections: c, duration: half }, pid);
      const restP50 = (r1.p50 + r2.p50) / 2;
      const mcpP50 = (m1.p50 + m2.p50) / 2;
      const row: McpBenchRow = {
        connections: c,
        restP50,
        mcpP50,
        restRps: (r1.rps + r2.rps) / 2,
        mcpRps: (m1.rps + m2.rps) / 2,
        addedP50Ms: mcpP50 - restP50,
        restCpuMs: (r1.cpuPerRequestMs + r2.cpuPerRequestMs) / 2,
        mcpCpuMs: (m1.cpuPerRequestMs + m2.cpuPerRequestMs) / 2,
        errors: r1.errors + r2.errors + m1.errors + m2.errors,
      };
      rows.push(row);
      log(
        `  c=${c}: REST p50 ${restP50.toFixed(3)} ms | MCP p50 ${mcpP50.toFixed(3)} ms | broker CPU/request REST ${row.restCpuMs.toFixed(3)} ms, MCP ${row.mcpCpuMs.toFixed(3)} ms`,
      );
    }
    return rows;
  } finally {
    for (const c of children.reverse()) await c.stop();
    await scratch?.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

export function formatMcpTable(rows: McpBenchRow[], database: 'sqlite' | 'postgresql' = 'sqlite'): string {
  const lines = [
    `MCP tools/call vs REST executeTool (HUBSPOT_CONTACTS_GET, ${database === 'sqlite' ? 'SQLite' : 'PostgreSQL'})`,
    'conns |  REST req/s  p50 ms |   MCP req/s  p50 ms | MCP added p50 ms | broker CPU/req REST   MCP  added (ms)',
  ];
  for (const r of rows) {
    lines.push(
      `${String(r.connections).padStart(5)} | ${r.restRps.toFixed(0).padStart(11)} ${r.restP50.toFixed(3).padStart(7)} | ` +
        `${r.mcpRps.toFixed(0).padStart(11)} ${r.mcpP50.toFixed(3).padStart(7)} | ${r.addedP50Ms.toFixed(3).padStart(16)} | ` +
        `${r.restCpuMs.toFixed(3).padStart(19)} ${r.mcpCpuMs.toFixed(3).padStart(5)} ${(r.mcpCpuMs - r.restCpuMs).toFixed(3).padStart(6)}` +
        (r.errors > 0 ? `  (errors: ${r.errors})` : ''),
    );
  }
  const at1 = rows.find((r) => r.connections === 1);
  if (at1) {
    lines.push(
      `Goal: MCP within 0.2 ms of REST at p50 -> ${at1.addedP50Ms.toFixed(3)} ms at 1 connection ` +
        `(${at1.addedP50Ms <= 0.2 ? 'met' : 'NOT met'}; broker CPU per call: +${(at1.mcpCpuMs - at1.restCpuMs).toFixed(3)} ms)`,
    );
  }
  const at64 = rows.find((r) => r.connections === 64);
  if (at64) {
    const ratio = at64.mcpRps / at64.restRps;
    lines.push(`Goal: MCP throughput >= 0.8x REST at 64 connections -> ${ratio.toFixed(2)}x (${ratio >= 0.8 ? 'met' : 'NOT met'})`);
  }
  return lines.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const rows = await runMcpBench({ durationSec: process.argv.includes('--quick') ? 2 : 6 });
  process.stdout.write(formatMcpTable(rows) + '\n');
}

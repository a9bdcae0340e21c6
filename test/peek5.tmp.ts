import { gunzipSync } from "node:zlib";
import { readFileSync } from "node:fs";
const f = JSON.parse(gunzipSync(readFileSync(`fixtures/honest-corpus/histories/${process.argv[2]}.json.gz`)).toString());
const c = f.commits; let at = 0, ct = 0;
const rows = c.a.map((a: string, i: number) => { at += c.at[i]; ct += c.ct[i]; return { i, a, c: c.c[i], at: new Date(at*1000).toISOString(), ct: new Date(ct*1000).toISOString(), m: c.m[i], files: (c.f[i] as number[]).length/3, paths: Array.from({length: (c.f[i] as number[]).length/3}, (_, k) => f.paths[c.f[i][k*3]] + ":" + c.f[i][k*3+1]).slice(0,4).join(" ") }; });
const from = Number(process.argv[3] ?? 0), n = Number(process.argv[4] ?? 40);
for (const r of rows.slice(from, from + n)) console.log(r.i, r.a, r.c, r.at, r.ct, JSON.stringify(r.m).slice(0, 70), r.files, r.paths.slice(0, 120));
console.log("total", rows.length);

// Peak resident memory of a process group (a server and any process it starts), sampled from
// /proc every `everyMs`. Worker threads live in their process, so its VmRSS already counts them.
import { readdirSync, readFileSync } from "node:fs";

/** Sum of VmRSS, in bytes, of every live process whose process group is `pgid`. */
export function groupRssBytes(pgid: number): number {
  let total = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The command name may hold spaces or parentheses: fields are counted after its last ")".
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const [, , pgrp] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(pgrp) !== pgid) continue;
      const rssKb = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${entry}/status`, "utf8"))?.[1];
      total += Number(rssKb ?? 0) * 1024;
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return total;
}

export function sampleGroupMemory(pgid: number, everyMs = 200) {
  const startBytes = groupRssBytes(pgid);
  let peak = startBytes;
  let samples = 1;
  const timer = setInterval(() => {
    peak = Math.max(peak, groupRssBytes(pgid));
    samples++;
  }, everyMs);
  return {
    /** Stops sampling (after one last sample) and gives the peak seen. */
    stop(): { startBytes: number; peakBytes: number; samples: number } {
      clearInterval(timer);
      peak = Math.max(peak, groupRssBytes(pgid));
      return { startBytes, peakBytes: peak, samples: samples + 1 };
    },
  };
}

#!/usr/bin/env python3
"""Samples per thread per bin in a window, with each thread's most common top frames. usage: samples_by_thread.py TXT HH:MM:SS.mmm HH:MM:SS.mmm BIN_MS (a `jfr print --events jdk.ExecutionSample` text)"""
import sys, collections
f, t0, t1, binms = sys.argv[1], sys.argv[2], sys.argv[3], float(sys.argv[4])
def sec(t): h, m, x = t.split(':'); return int(h)*3600 + int(m)*60 + float(x)
a, b = sec(t0), sec(t1)
bins = collections.defaultdict(collections.Counter); tops = collections.defaultdict(collections.Counter)
cur = None
for line in open(f):
    s = line.strip()
    if s.startswith('startTime ='): cur = {'t': sec(s.split('= ')[1]), 'fr': []}
    elif s.startswith('sampledThread') and cur is not None: cur['th'] = s.split('"')[1][:18]
    elif cur is not None and ' line: ' in s and len(cur['fr']) < 8: cur['fr'].append(s.split(' line: ')[0][:90])
    elif s == ']' and cur is not None:
        if a <= cur['t'] <= b:
            k = int((cur['t'] - a) * 1000 // binms)
            bins[k][cur['th']] += 1
            tops[cur['th']][' < '.join(cur['fr'][:3])] += 1
        cur = None
for k in sorted(bins): print(f'+{k*binms:.0f}ms', dict(bins[k]))
for th, c in tops.items():
    print('==', th, sum(c.values()))
    for fr, n in c.most_common(4): print('   ', n, fr[:260])

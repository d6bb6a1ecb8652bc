#!/usr/bin/env python3
# every 0.5 s: per load-side JVM (generator, bench) CPU ticks of compiler threads, GC threads and all threads
import os, time, datetime
def jvms():
    out = []
    for p in os.listdir('/proc'):
        if not p.isdigit(): continue
        try: cmd = open(f'/proc/{p}/cmdline','rb').read().decode(errors='replace')
        except OSError: continue
        if 'java' in cmd and ('GeneratorMain' in cmd or 'damrelay-bench.jar' in cmd and 'RelayMain' not in cmd and 'BaselineMain' not in cmd):
            out.append(p)
    return out
while True:
    now = datetime.datetime.now().strftime('%H:%M:%S.%f')[:12]
    for p in jvms():
        tot = jit = 0
        try: tasks = os.listdir(f'/proc/{p}/task')
        except OSError: continue
        for t in tasks:
            try: s = open(f'/proc/{p}/task/{t}/stat').read()
            except OSError: continue
            name = s[s.index('(')+1:s.rindex(')')]; f = s[s.rindex(')')+2:].split()
            ticks = int(f[11]) + int(f[12]); tot += ticks
            if name.startswith(('C1 ', 'C2 ')): jit += ticks
        print(now, p, 'total', tot, 'jit', jit, flush=True)
    time.sleep(0.5)

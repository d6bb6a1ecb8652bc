# time a JVM's threads spent re-resolving calls to replaced code (SharedRuntime::handle_wrong_method),
# from an async-profiler JFR printed by `jfr print --events jdk.ExecutionSample --stack-depth 64`
import sys,re,collections
def sec(t):
    h,m,x=t.split(':'); return int(h)*3600+int(m)*60+float(x)
for f in sys.argv[1:]:
    cur=None; hits=[]; total=0
    for line in open(f):
        s=line.strip()
        if s.startswith('startTime ='): cur={'t':s.split('= ')[1],'hw':False}
        elif s.startswith('sampledThread'): cur['th']=s.split('"')[1]
        elif cur is not None and 'handle_wrong_method' in s: cur['hw']=True
        elif s==']' and cur is not None:
            total+=1
            if cur['hw']: hits.append((sec(cur['t']),cur['th'],cur['t']))
            cur=None
    # episodes: same thread, samples <= 20 ms apart
    eps=[]
    for t,th,ts in sorted(hits):
        for e in eps:
            if e['th']==th and t-e['end']<=0.02: e['end']=t; e['n']+=1; break
        else: eps.append({'th':th,'start':t,'end':t,'n':1,'ts':ts})
    eps.sort(key=lambda e:-e['n'])
    print(f, 'samples', total, 'in handle_wrong_method', len(hits), 'episodes', len(eps), 'longest', [(e['ts'],e['th'][:12],e['n']) for e in eps[:4]])

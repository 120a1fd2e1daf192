import json, glob, os, re, codecs
import ofxparse
from decimal import Decimal
out = {}
for path in sorted(glob.glob('ofxparse-0.21/tests/fixtures/**/*.ofx', recursive=True)):
    name = os.path.relpath(path, 'ofxparse-0.21/tests/fixtures')
    entry = {}
    try:
        with open(path, 'rb') as f:
            ofx = ofxparse.OfxParser.parse(f)
        stmts = []
        for acct in ofx.accounts:
            st = getattr(acct, 'statement', None)
            kind = type(st).__name__ if st else None
            rows = []
            if st is not None and hasattr(st, 'transactions') and kind != 'InvestmentStatement':
                for t in st.transactions:
                    rows.append({'date': t.date.strftime('%Y-%m-%d') if t.date else None,
                                 'amount': str(t.amount), 'id': t.id, 'payee': t.payee, 'memo': t.memo, 'type': t.type})
            stmts.append({'account': acct.account_id, 'kind': kind, 'rows': rows,
                          'currency': getattr(st, 'currency', None) if st else None})
        entry['statements'] = stmts
    except Exception as e:
        entry['error'] = f'{type(e).__name__}: {e}'
    out[name] = entry
print(json.dumps(out, indent=1, default=str)[:200])
json.dump(out, open('out/expected.json', 'w'), indent=1, sort_keys=True, default=str)
for k, v in out.items():
    if 'error' in v: print(k, 'ERROR', v['error'][:100])
    else: print(k, [(s['account'], s['kind'], len(s['rows'])) for s in v['statements']])

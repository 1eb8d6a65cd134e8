from tests.trading.conftest import make_trader
def test_probe(client, api, session):
    t = make_trader(session)
    r = client.get(f"{api}/noauth/wechat/authorize", params={"redirect_uri": "http://testserver/h5/x/member/index", "scope": "snsapi_base", "state": "snsapi_base"}, follow_redirects=False)
    loc = r.headers["location"]
    from urllib.parse import urlsplit, parse_qs
    code = parse_qs(urlsplit(loc).query)["code"][0]
    print(len(code))
    r = client.post(f"{api}/adviser/queryOpenId", json={"code": code}, headers=t.headers)
    print(r.status_code, r.text)
    r = client.get(f"{api}/adviser/member/userProductStatus", headers=t.headers)
    print(r.text)

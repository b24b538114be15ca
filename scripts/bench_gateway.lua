-- wrk's request for scripts/bench_gateway.sh: POST /v1/codes/verify for one of a thousand
-- numbers that have no code, under an id no code has (the gateway's rate-limit and check
-- transactions, no SMS). With CLOSE set, each request asks for its connection to be closed:
-- one connection per request.
local close = os.getenv("CLOSE") == "1"
local count = 0
request = function()
    count = count + 1
    local body = string.format('{"phone": "+4474009%05d", "code": "123456", "verification_id": "%s"}',
        10000 + count % 1000, string.rep("0", 32))
    local headers = { ["Content-Type"] = "application/json" }
    if close then headers["Connection"] = "close" end
    return wrk.format("POST", "/v1/codes/verify", headers, body)
end

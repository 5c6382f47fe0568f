"""The HTTP layer: the app (app.py) and its routes, one module per concern.

    http.py       what every route shares: app keys, ApiError and the error middleware, auth
                  (tenant_of), JSON bodies, session ids, client disconnects, SSE events
    turns.py      one turn's request and result, shared by the two turn APIs
    chat.py       POST /v1/chat/completions
    responses.py  the Responses API
    sessions.py   a token's sessions
    schedules.py  the schedules
    board.py      what the page reads and edits: tools, audit, the board's health, facts
    page.py       the page itself (static/)
    openapi.py    the OpenAPI document of all of it
    app.py        make_app: the routes together, and the daemon-wide ones

Imports go one way: http <- turns <- chat, responses; http <- sessions, schedules, board;
everything <- app. No module imports another's private names.
"""

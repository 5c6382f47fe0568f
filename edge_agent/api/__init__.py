"""The HTTP layer's newer parts: the board's own web page and the routes it reads.

``page`` serves the page (``static/``: plain HTML, CSS and JavaScript, no build step, nothing
fetched from outside) with a Content-Security-Policy; ``board`` adds the public routes the
page needs (tools, the audit log, the board's health and history, fact edits). Both build on
``edge_agent.server`` (the app, auth and errors), never the other way round.
"""

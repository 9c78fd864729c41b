"""Serving: the HTTP server, the live streams it holds open, the bridge to the web
app, and the addresses the table is found at."""

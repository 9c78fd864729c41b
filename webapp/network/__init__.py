"""Where the table is found: this computer's addresses on the network, and its name
announced there (botdeck.local)."""

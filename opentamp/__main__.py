from opentamp.cli import app

app()

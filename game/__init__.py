"""The pure package: the rules of Hearts (game.engine) and the computer players (game.bots).

Standard-library Python only, no Django and nothing of the site (an import-linter contract
says so), because the browser's offline game runs this very code in Pyodide
(offline.bundle zips this package whole). The site's table is the Django app `play`.
"""

"""The desktop's room: what no board has (docs/house.md).

The desktop's targets (window.py: a pygame window; headless.py: a screen in
memory; browser.py: the browser edition's page), each exporting what a board's
hal module does (hal/__init__.py); the board's terminal font for Blinka
(boardfont.py); the settings and statistics files and their atomic writer
(settings.py, files.py); link play between windows and between tabs
(link/udp.py, link/broadcast.py); the command line (cli.py) and scripted play
(script.py). It may import engine/, ui/ and hal/; nothing there imports it but
code.py's desktop branch, and a board's bundle never holds it.
"""

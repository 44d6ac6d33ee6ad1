"""``ondas panel``: a local web panel of runs, waves, decisions and blocks.

A Starlette app (jinja2 templates, a few lines of plain JavaScript, no build step) served
by uvicorn. It reads the stores of the projects it is given and of those registered by earlier
runs, read-only; answering a block goes through :func:`ondas.app.answering.answer`
and only when the panel was started with ``--allow-answers``. Every request needs the access
token printed at start. Needs the ``panel`` extra: ``pip install 'ondas[panel]'``.
"""

"""A fleet of workers on Celery (Redis broker) sharing one Postgres store server.

``ondas submit`` records a submission (a project remote and how to drive it) and enqueues
its first wave; ``ondas worker`` is a Celery worker that runs one wave per task in its own
clone of the remote, pushes the branch back, and enqueues the next wave with the
continuation delay as a countdown. See docs/scale-out.md.
"""

"""The stage machine and the artifact validators: pure functions over stage names and files.

Import from the submodules: ``ondas.pipeline.stages`` (``stages``, ``next_stage``,
``prev_stage``, ``terminal_stage``), ``ondas.pipeline.validators`` (``detect_completion``,
``validate_tasks``), ``ondas.pipeline.artifacts`` (templates and rules, one source of truth).
"""

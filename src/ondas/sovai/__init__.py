"""sovai: the decompose -> execute -> review build engine (``ondas sovai``)."""

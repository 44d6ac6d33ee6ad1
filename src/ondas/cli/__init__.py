"""The thin command-line layer: parse, call the library, render."""

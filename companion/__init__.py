"""Companion: a phone-first table companion for fishing board games."""

__version__ = "0.1.0"

"""Fly Solo: the 7-Day adventure journal, the Silent Angler assistant and solo scoring."""

"""Placeholder until the site engineer commits the real pages (they replace this file)."""

from flask import Blueprint

bp = Blueprint("site", __name__)

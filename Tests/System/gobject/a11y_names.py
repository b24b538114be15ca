#!/usr/bin/python3
"""Prints the accessibility tree of the running application named argv[1] as a screen reader
gets it over AT-SPI, one line per node: its role and name, indented by depth."""
import sys

import pyatspi


def dump(node, depth=0):
    print("  " * depth + f"{node.getRoleName()}: {node.name}")
    for child in node:
        dump(child, depth + 1)


for application in pyatspi.Registry.getDesktop(0):
    if application is not None and application.name == sys.argv[1]:
        dump(application)
        sys.exit(0)
sys.exit(f"no application {sys.argv[1]} on the accessibility bus")

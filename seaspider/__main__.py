"""`python -m seaspider` runs the command line."""

import sys

from seaspider.cli import main

sys.exit(main())

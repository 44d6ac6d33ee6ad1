from ondas.cli.entry import main

raise SystemExit(main())

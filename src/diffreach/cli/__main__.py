from diffreach.cli import main

main()

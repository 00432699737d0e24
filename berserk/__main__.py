from berserk.cli import main

main(prog_name="berserk")

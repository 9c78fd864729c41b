"""Deacon, Reef Project's automated opponent, as a Botdeck plug-in."""

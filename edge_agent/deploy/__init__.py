"""Deploying edge-agent to a board over ssh or hdc: releases, services, health checks, rollback."""

enum _PlaceholderVaultServices {}

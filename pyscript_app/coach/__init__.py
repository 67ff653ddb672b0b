"""coach"""

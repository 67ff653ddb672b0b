"""blog"""
